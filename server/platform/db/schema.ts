import type { ColumnType, Generated } from 'kysely';
import type { NotificationType } from '../../../common/contracts/notifications';
import type { AuditAction, StaffRole } from '../../../common/contracts/staff';

/**
 * The database as Kysely sees it. Times are epoch milliseconds (bigint in PostgreSQL, integer in
 * SQLite) so that ordering, cursors and arithmetic work the same on both engines.
 */
export interface UsersTable {
  id: string;
  email: string;
  handle: string;
  /** Lower-cased handle: uniqueness and look-ups ignore case. */
  handle_key: string;
  display_name: string;
  password_hash: string;
  created_at: number;
  bio: Generated<string>;
  /** The `media` row of the current avatar; the sweep keeps it while this names it. */
  avatar_media_id: string | null;
  /** The Avatar as profiles and posts show it (JSON), or null for the initials. */
  avatar_json: string | null;
  /** Set while an admin has suspended the account (server/features/moderation). */
  suspended_at?: number | null;
  /** When the current address was confirmed by its e-mailed link; null until then. */
  email_confirmed_at: number | null;
  /** A new address waiting for its confirmation link; the account keeps `email` until then. */
  pending_email: string | null;
  /** Set while the account waits for an admin's approval (registration mode "approval"). */
  applied_at: number | null;
  application_reason: string | null;
  /** The account whose invite link it signed up with. */
  invited_by: string | null;
  /** The authenticator app's secret, sealed (platform/crypto/sealed-text.ts); null without two-factor. */
  totp_secret_sealed: string | null;
  /** A secret shown at set-up, until the first code from the app confirms it. */
  totp_pending_sealed: string | null;
  totp_enabled_at: number | null;
  /** The time step of the last code accepted: a code never works twice. */
  totp_last_step: number | null;
  /** 1: mentions of the account are e-mailed too (server/features/email-notifications). */
  email_on_mention: ColumnType<number, number | undefined, number>;
  /** 1: replies to the account's posts are e-mailed too. */
  email_on_reply: ColumnType<number, number | undefined, number>;
  /** 1: following the account needs its owner's approval (follow requests). */
  locked: ColumnType<number, number | undefined, number>;
  /** 1: each kind of notification is also pushed to the account's devices (server/features/web-push). */
  push_on_mention: ColumnType<number, number | undefined, number>;
  push_on_reply: ColumnType<number, number | undefined, number>;
  push_on_like: ColumnType<number, number | undefined, number>;
  /** Reposts and quotes. */
  push_on_repost: ColumnType<number, number | undefined, number>;
  /** New followers and follow requests. */
  push_on_follow: ColumnType<number, number | undefined, number>;
}

export interface RecoveryCodesTable {
  user_id: string;
  /** HMAC-SHA256 of the code under the session secret. */
  code_hash: string;
  used_at: number | null;
}

/** The admin's settings: one row, id 1. */
export interface InstanceSettingsTable {
  id: number;
  name: string;
  description: string;
  /** The rules, a JSON array of strings (checked on the way back). */
  rules_json: string;
  contact_email: string;
  registration_mode: string;
  /** 1: members may make invite links; 0: admins only. */
  members_can_invite: number;
  updated_at: number;
  /** The icon's media row; null without an icon (or once that row is gone). */
  icon_media_id: string | null;
  /** The icon as an Avatar (JSON), read only while icon_media_id is set. */
  icon_json: string | null;
}

export interface InvitesTable {
  id: string;
  code_hash: string;
  created_by: string;
  created_at: number;
  expires_at: number | null;
  max_uses: number | null;
  uses: Generated<number>;
  revoked_at: number | null;
}

export interface SessionsTable {
  /** HMAC of the cookie token: a leaked table gives no usable session. */
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string;
  ip: string;
}

export interface PostsTable {
  id: string;
  author_id: string;
  /** Set on replies; replies are one level deep. */
  parent_id: string | null;
  /** Sanitised HTML in the editor's schema (server/features/rich-text); always written by the app. */
  body_html: string;
  /** Plain-text projection of body_html: length limit, excerpts, search. */
  body_text: string;
  created_at: number;
  edited_at: number | null;
  like_count: Generated<number>;
  reply_count: Generated<number>;
  repost_count: Generated<number>;
  /** The post this one quotes; kept after that post is deleted (the quote then says so). */
  quote_of_id: string | null;
  /** The attached images as the post shows them (PostImage[] as JSON): one read per page, no join. */
  images_json: Generated<string>;
  /** The post's link card (PostLinkPreview as JSON), or null. */
  link_preview_json: string | null;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: number;
}

/** A request to follow a locked account, until its owner approves or denies it. */
export interface FollowRequestsTable {
  requester_id: string;
  target_id: string;
  created_at: number;
}

/** The hashtags a post carries (keys), with the post's time, author and level copied for reads. */
export interface PostHashtagsTable {
  post_id: string;
  tag: string;
  created_at: number;
  author_id: string;
  /** 1 for a top-level post, 0 for a reply: timelines show top-level posts. */
  top_level: number;
}

export interface FollowedHashtagsTable {
  user_id: string;
  tag: string;
  created_at: number;
}

/** One person's repost of one top-level post. */
export interface RepostsTable {
  id: string;
  user_id: string;
  post_id: string;
  created_at: number;
}

export interface BookmarksTable {
  user_id: string;
  post_id: string;
  created_at: number;
}

export interface PostLikesTable {
  post_id: string;
  user_id: string;
  created_at: number;
}

export interface FeedEventsTable {
  seq: Generated<number>;
  type: string;
  created_at: number;
}

/**
 * Mentions, replies and likes; the unique (user_id, type, source_post_id, actor_id) keeps edits
 * and repeated likes from notifying twice.
 */
export interface NotificationsTable {
  id: string;
  /** Who is notified. */
  user_id: string;
  type: NotificationType;
  /** Who caused it: the author of the mention or reply, or who liked; null for a notice. */
  actor_id: string | null;
  /** The post the notification opens: the mentioning post, or the reader's post; null for a notice. */
  post_id: string | null;
  /** The post whose writing caused it: the mentioning post, the reply, or the liked post. */
  source_post_id: string | null;
  /** The list entry it belongs to (server/features/notifications). */
  group_id: string;
  created_at: number;
  read_at: number | null;
}

// --- Link previews (server/features/link-previews) -------------------------------------------

/** Preview outcomes by normalised URL; expired rows read as missing and are purged. */
export interface LinkPreviewCacheTable {
  /** SHA-256 (hex) of the normalised URL. */
  url_hash: string;
  url: string;
  /** The PreviewOutcome as JSON. */
  outcome: string;
  expires_at: number;
}

/** Same-origin preview images: the token (HMAC of the source URL) → the page image it copies. */
export interface LinkPreviewImagesTable {
  token: string;
  source_url: string;
  created_at: number;
}

// --- Media (server/features/media) -------------------------------------------------------------

/** One uploaded image. Attached once, to one post; unattached rows expire (see the sweep). */
export interface MediaTable {
  id: string;
  owner_id: string;
  /** The post showing it; null until attached, and again once that post is deleted. */
  post_id: string | null;
  /** Storage keys of every rendition (string[] as JSON), to delete them with the row. */
  keys_json: string;
  /** The UploadedImage as presented (JSON), copied into the post on attaching. */
  image_json: string;
  created_at: number;
  attached_at: number | null;
}

// --- Safety and moderation (server/features/safety, server/features/moderation) -----------------

/** blocker_id no longer sees blocked_id's posts, and the other way round. */
export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

/** muter_id no longer sees muted_id's posts; one way only. */
export interface UserMutesTable {
  muter_id: string;
  muted_id: string;
  created_at: number;
}

export interface ReportsTable {
  id: string;
  post_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  created_at: number;
  closed_at: number | null;
  closed_by: string | null;
}

/** The staff: accounts that are admins or moderators; the founding admin's row has founder = 1 (unique). */
export interface SiteAdminsTable {
  user_id: string;
  founder: number | null;
  granted_at: number;
  role: ColumnType<StaffRole, StaffRole | undefined, StaffRole>;
}

/** One thing an admin or moderator (or the command line: no actor) did. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_handle: string | null;
  action: AuditAction;
  target_user_id: string | null;
  target_handle: string | null;
  target_post_id: string | null;
  /** JSON: auditDetailSchema (common/contracts/staff.ts). */
  detail: string;
  created_at: number;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

/** Outbound e-mail waiting, sent or given up (server/platform/mail). */
export interface MailOutboxTable {
  id: string;
  /** What the message is for ("password-reset"…): counts and the admin's list. */
  kind: string;
  to_address: string;
  subject: string;
  /** The text and HTML parts, sealed (server/platform/mail/sealed-body.ts); null once finished. */
  sealed_body: string | null;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A node is sending it until then; another may take it over after. */
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

/** Single-use links sent by e-mail; only the token's SHA-256 is kept. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A passkey (WebAuthn credential) of an account. */
export interface PasskeysTable {
  /** The credential ID, base64url. */
  id: string;
  user_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (0 for those that keep none). */
  counter: number;
  /** JSON: the transports the browser reported at registration (passkeyTransportsSchema). */
  transports: string;
  name: string;
  /** 1 when the provider syncs it across devices (backed up), 0 when it lives on one. */
  synced: number;
  created_at: number;
  last_used_at: number | null;
}

export type PasskeyChallengePurpose = 'register' | 'log-in' | 'second-step';

/** A WebAuthn challenge handed out and not yet answered; only its SHA-256 is kept. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  /** The account it was made for; null for logging in with a passkey alone. */
  user_id: string | null;
  purpose: PasskeyChallengePurpose;
  expires_at: number;
}

// --- "Your data" (server/features/data-export) --------------------------------------------------

export type DataExportRowState = 'pending' | 'building' | 'ready' | 'failed';

/** One account's archive: asked for, being built by a node, ready to download, or failed. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  state: DataExportRowState;
  requested_at: number;
  /** Builds started so far, a crashed one included. */
  attempts: Generated<number>;
  next_attempt_at: number;
  /** The build's own id and how long its node holds it; another node may take it over after. */
  lease_owner: string | null;
  lease_until: number | null;
  /** Where the ZIP is in object storage, once ready. */
  storage_key: string | null;
  size_bytes: number | null;
  ready_at: number | null;
  expires_at: number | null;
  /** Why the last build failed, for the logs and the admin; never shown to the account. */
  failure: string | null;
}

/** A device that receives pushes, for as long as the session that subscribed it lasts. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  session_id: string;
  /** SHA-256 of the push service's endpoint: a device subscribing again replaces its row. */
  endpoint_hash: string;
  /** The endpoint and its keys (the browser's PushSubscription), sealed. */
  sealed_subscription: string;
  /** "Chrome on Android": what the settings list shows, from the browser's user agent. */
  device: string;
  created_at: number;
  last_pushed_at: number | null;
}

/** A push waiting to go to one device; deleted once sent or given up. */
export interface PushOutboxTable {
  id: string;
  subscription_id: string;
  /** The notification as the device shows it, sealed. */
  sealed_payload: string;
  /** The notification group: a push service may replace an undelivered push of the same topic. */
  topic: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_until: number | null;
  created_at: number;
}

// ----------------------------------------------------------------------------------------------

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  posts: PostsTable;
  post_likes: PostLikesTable;
  feed_events: FeedEventsTable;
  notifications: NotificationsTable;
  link_preview_cache: LinkPreviewCacheTable;
  link_preview_images: LinkPreviewImagesTable;
  media: MediaTable;
  user_blocks: UserBlocksTable;
  user_mutes: UserMutesTable;
  reports: ReportsTable;
  site_admins: SiteAdminsTable;
  mail_outbox: MailOutboxTable;
  account_tokens: AccountTokensTable;
  instance_settings: InstanceSettingsTable;
  invites: InvitesTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  audit_log: AuditLogTable;
  data_exports: DataExportsTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  post_hashtags: PostHashtagsTable;
  followed_hashtags: FollowedHashtagsTable;
  bookmarks: BookmarksTable;
  reposts: RepostsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
}
