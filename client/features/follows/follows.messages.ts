import { defineMessages, type Translate } from '../../i18n';
import source from '../../i18n/messages/en/follows.json';

export const followsMessages = defineMessages('follows', source);

export type FollowsTranslate = Translate<keyof typeof source>;
