import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-feed.json';

export const pageFeedMessages = defineMessages('page-feed', source);
