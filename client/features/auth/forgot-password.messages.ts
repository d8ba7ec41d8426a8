import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/forgot-password.json';

export const forgotPasswordMessages = defineMessages('forgot-password', source);
