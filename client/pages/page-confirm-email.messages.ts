import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-confirm-email.json';

export const pageConfirmEmailMessages = defineMessages('page-confirm-email', source);
