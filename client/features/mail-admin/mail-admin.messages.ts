import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/mail-admin.json';

export const mailAdminMessages = defineMessages('mail-admin', source);
