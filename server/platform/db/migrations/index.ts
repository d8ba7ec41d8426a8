import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as linkPreviewCache from './0002-link-preview-cache';
import * as posts from './0003-posts';
import * as richTextAndNotifications from './0004-rich-text-and-notifications';
import * as postAttachments from './0005-post-attachments';
import * as search from './0006-search';
import * as media from './0007-media';
import * as linkPreviewImages from './0008-link-preview-images';
import * as postgresSearch from './0009-postgres-search';
import * as profiles from './0010-profiles';
import * as notifications from './0011-notifications';
import * as safety from './0012-safety';
import * as searchWordBeginnings from './0013-search-word-beginnings';
import * as feedIndex from './0014-feed-index';
import * as mailAndAccountTokens from './0015-mail-and-account-tokens';
import * as emailConfirmation from './0016-email-confirmation';
import * as instanceAndRegistration from './0017-instance-and-registration';
import * as twoFactor from './0018-two-factor';
import * as passkeys from './0019-passkeys';
import * as dataExports from './0020-data-exports';
import * as staffRolesAndAudit from './0021-staff-roles-and-audit';
import * as instanceIcon from './0022-instance-icon';
import * as emailNotifications from './0023-email-notifications';
import * as followsHashtagsBookmarks from './0024-follows-hashtags-bookmarks';
import * as repostsAndQuotes from './0025-reposts-and-quotes';
import * as webPush from './0026-web-push';

/**
 * Every migration, in order. Listed by hand rather than read from disk so the bundled server
 * carries them and the order never depends on file-system sorting.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-link-preview-cache': linkPreviewCache,
  '0003-posts': posts,
  '0004-rich-text-and-notifications': richTextAndNotifications,
  '0005-post-attachments': postAttachments,
  '0006-search': search,
  '0007-media': media,
  '0008-link-preview-images': linkPreviewImages,
  '0009-postgres-search': postgresSearch,
  '0010-profiles': profiles,
  '0011-notifications': notifications,
  '0012-safety': safety,
  '0013-search-word-beginnings': searchWordBeginnings,
  '0014-feed-index': feedIndex,
  '0015-mail-and-account-tokens': mailAndAccountTokens,
  '0016-email-confirmation': emailConfirmation,
  '0017-instance-and-registration': instanceAndRegistration,
  '0018-two-factor': twoFactor,
  '0019-passkeys': passkeys,
  '0020-data-exports': dataExports,
  '0021-staff-roles-and-audit': staffRolesAndAudit,
  '0022-instance-icon': instanceIcon,
  '0023-email-notifications': emailNotifications,
  '0024-follows-hashtags-bookmarks': followsHashtagsBookmarks,
  '0025-reposts-and-quotes': repostsAndQuotes,
  '0026-web-push': webPush,
};
