import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/passkeys.json';

export const passkeysMessages = defineMessages('passkeys', source);
