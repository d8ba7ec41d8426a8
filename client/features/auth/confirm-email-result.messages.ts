import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/confirm-email-result.json';

export const confirmEmailResultMessages = defineMessages('confirm-email-result', source);
