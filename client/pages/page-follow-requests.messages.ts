import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-follow-requests.json';

export const pageFollowRequestsMessages = defineMessages('page-follow-requests', source);
