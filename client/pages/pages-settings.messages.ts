import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/pages-settings.json';

export const pagesSettingsMessages = defineMessages('pages-settings', source);
