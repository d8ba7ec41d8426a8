import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/two-factor-step.json';

export const twoFactorStepMessages = defineMessages('two-factor-step', source);
