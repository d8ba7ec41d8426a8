import { defineMessages } from '../i18n';
import source from '../i18n/messages/en/page-post.json';

export const pagePostMessages = defineMessages('page-post', source);
