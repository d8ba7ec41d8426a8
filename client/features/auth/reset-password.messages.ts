import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/reset-password.json';

export const resetPasswordMessages = defineMessages('reset-password', source);
