import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/media.json';

export const mediaMessages = defineMessages('media', source);
export type MediaMessageKey = keyof typeof source;
