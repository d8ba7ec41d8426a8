import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/pages-admin.json';

export const pagesAdminMessages = defineMessages('pages-admin', source);
