import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/composer.json';

export const composerMessages = defineMessages('composer', source);
export type ComposerMessageKey = keyof typeof source;
