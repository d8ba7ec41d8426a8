import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-tag.json';

export const pageTagMessages = defineMessages('page-tag', source);
