import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/crop.json';

export const cropMessages = defineMessages('crop', source);
export type CropMessageKey = keyof typeof source;
