import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/lib.json';

export const libMessages = defineMessages('lib', source);
