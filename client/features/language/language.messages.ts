import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/language.json';

export const languageMessages = defineMessages('language', source);
