import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/email-notifications.json';

export const emailNotificationsMessages = defineMessages('email-notifications', source);
