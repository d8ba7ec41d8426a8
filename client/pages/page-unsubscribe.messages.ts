import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-unsubscribe.json';

export const pageUnsubscribeMessages = defineMessages('page-unsubscribe', source);
