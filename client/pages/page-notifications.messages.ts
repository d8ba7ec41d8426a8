import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-notifications.json';

export const pageNotificationsMessages = defineMessages('page-notifications', source);
