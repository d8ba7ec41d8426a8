import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/link-previews.json';

export const linkPreviewsMessages = defineMessages('link-previews', source);
