import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/search.json';

export const searchMessages = defineMessages('search', source);
