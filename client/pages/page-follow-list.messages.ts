import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-follow-list.json';

export const pageFollowListMessages = defineMessages('page-follow-list', source);
