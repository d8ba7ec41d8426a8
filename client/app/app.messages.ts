import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/app.json';

export const appMessages = defineMessages('app', source);
