import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-not-found.json';

export const pageNotFoundMessages = defineMessages('page-not-found', source);
