import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/sign-up.json';

export const signUpMessages = defineMessages('sign-up', source);
