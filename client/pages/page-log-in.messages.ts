import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-log-in.json';

export const pageLogInMessages = defineMessages('page-log-in', source);
