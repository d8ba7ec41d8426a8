import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/confirm-email-notice.json';

export const confirmEmailNoticeMessages = defineMessages('confirm-email-notice', source);
