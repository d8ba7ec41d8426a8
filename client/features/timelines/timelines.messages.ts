import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/timelines.json';

export const timelinesMessages = defineMessages('timelines', source);
