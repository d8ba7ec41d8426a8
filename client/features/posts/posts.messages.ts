import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/posts.json';

export const postsMessages = defineMessages('posts', source);
