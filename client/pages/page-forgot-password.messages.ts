import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-forgot-password.json';

export const pageForgotPasswordMessages = defineMessages('page-forgot-password', source);
