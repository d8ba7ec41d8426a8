import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-reset-password.json';

export const pageResetPasswordMessages = defineMessages('page-reset-password', source);
