import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/data-export.json';

export const dataExportMessages = defineMessages('data-export', source);
