import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/bookmarks.json';

export const bookmarksMessages = defineMessages('bookmarks', source);
