import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/users.json';

export const usersMessages = defineMessages('users', source);
