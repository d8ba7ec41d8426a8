import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-sign-up.json';

export const pageSignUpMessages = defineMessages('page-sign-up', source);
