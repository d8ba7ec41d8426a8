import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/instance-admin.json';

export const instanceAdminMessages = defineMessages('instance-admin', source);
