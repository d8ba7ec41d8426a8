import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/user-admin.json';

export const userAdminMessages = defineMessages('user-admin', source);
