import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/auth.json';

export const authMessages = defineMessages('auth', source);
export type AuthMessageKey = keyof typeof source;
