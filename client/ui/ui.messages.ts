import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/ui.json';

export const uiMessages = defineMessages('ui', source);
