import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-bookmarks.json';

export const pageBookmarksMessages = defineMessages('page-bookmarks', source);
