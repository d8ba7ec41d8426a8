import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/feed.json';

export const feedMessages = defineMessages('feed', source);
