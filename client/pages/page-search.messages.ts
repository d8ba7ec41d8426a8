import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-search.json';

export const pageSearchMessages = defineMessages('page-search', source);
