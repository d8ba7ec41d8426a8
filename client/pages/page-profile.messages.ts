import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-profile.json';

export const pageProfileMessages = defineMessages('page-profile', source);
