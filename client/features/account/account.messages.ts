import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/account.json';

export const accountMessages = defineMessages('account', source);
export type AccountMessageKey = keyof typeof source;
