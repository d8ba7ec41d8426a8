import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/notifications.json';

export const notificationsMessages = defineMessages('notifications', source);
