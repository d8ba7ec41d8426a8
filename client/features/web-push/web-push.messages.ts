import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/web-push.json';

export const webPushMessages = defineMessages('web-push', source);
