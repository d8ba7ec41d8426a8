import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/two-factor.json';

export const twoFactorMessages = defineMessages('two-factor', source);
