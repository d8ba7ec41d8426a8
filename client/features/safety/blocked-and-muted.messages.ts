import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/blocked-and-muted.json';

export const blockedAndMutedMessages = defineMessages('blocked-and-muted', source);
