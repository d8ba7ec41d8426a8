import { MEDIA_MAX_FILE_BYTES, MEDIA_MAX_INPUT_PIXELS, POST_BODY_MAX_LENGTH } from './limits';
import { INVALID_TEXT_MESSAGE } from './text-input';

/**
 * Every error code the server answers, with its HTTP status and the message it carries unless the
 * factory (server/errors.ts) words a particular case. Closed on purpose: a new failure is a new
 * line here, a row in the README's table of error codes (a test compares the two), and a factory.
 * The link-preview codes and their texts are the product's wording (README "Link previews"):
 * the client maps some of them to fixed sentences, so they do not change.
 */
export const ERROR_CATALOGUE = {
  // Requests the API refuses whatever they ask for.
  bad_request: { status: 400, message: 'The request could not be understood.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_content_length: { status: 400, message: 'The Content-Length header does not match the body.' },
  validation_failed: { status: 400, message: 'Some fields need attention.' },
  invalid_text: { status: 400, message: INVALID_TEXT_MESSAGE },
  invalid_url: { status: 400, message: 'That is not a web address we can preview.' },
  invalid_cursor: { status: 400, message: 'That page cursor is not valid.' },
  unauthenticated: { status: 401, message: 'You need to log in first.' },
  invalid_credentials: { status: 401, message: 'Wrong e-mail/handle or password.' },
  csrf_header_missing: {
    status: 403,
    message: 'Requests to the API must carry the header X-Requested-With: XMLHttpRequest.',
  },
  not_found: { status: 404, message: 'Not found.' },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  path_too_long: { status: 414, message: 'A part of this address is too long.' },
  unsupported_media_type: { status: 415, message: 'Send the image as multipart/form-data.' },
  rate_limited: { status: 429, message: 'Too many requests. Try again later.' },
  internal_error: { status: 500, message: 'Something went wrong on our side.' },
  database_unavailable: {
    status: 503,
    message: 'The database is unreachable right now. Try again shortly.',
  },

  // Accounts and settings.
  account_exists: { status: 409, message: 'That account already exists.' },
  account_suspended: { status: 403, message: 'This account is suspended.' },
  wrong_password: { status: 403, message: 'That is not your current password.' },
  email_taken: { status: 409, message: 'That e-mail address is already in use.' },
  admin_account: { status: 409, message: "The site's admin account cannot be deleted." },
  reset_link_invalid: { status: 400, message: 'This reset link is not valid. Ask for a new one.' },
  confirm_link_invalid: {
    status: 400,
    message: 'This confirmation link is not valid. Ask for a new one from your settings.',
  },
  account_pending: {
    status: 403,
    message: "Your sign-up is waiting for an admin's approval. We will e-mail you when it is decided.",
  },
  registration_closed: { status: 403, message: 'Sign-ups are closed here.' },
  invite_required: { status: 403, message: 'Signing up here needs an invite link.' },
  invite_invalid: {
    status: 400,
    message: 'This invite link does not work: it expired, was used up or was withdrawn. Ask for a new one.',
  },
  invites_not_allowed: { status: 403, message: 'Only admins can make invite links here.' },
  two_factor_code_invalid: {
    status: 400,
    message:
      "That code is not right. Check that your phone's clock is set automatically, or use a recovery code.",
  },
  two_factor_challenge_invalid: {
    status: 400,
    message: 'This sign-in took too long or was already finished. Log in again.',
  },
  two_factor_state: { status: 409, message: 'Two-factor sign-in is not in a state that allows this.' },
  unsubscribe_link_invalid: {
    status: 400,
    message: 'This unsubscribe link is not valid. Choose your e-mails in your settings instead.',
  },
  passkey_request_invalid: {
    status: 400,
    message: 'This passkey request took too long or was already used. Try again.',
  },
  passkey_not_verified: {
    status: 400,
    message: 'That passkey could not be verified. Try again, or log in another way.',
  },
  passkey_limit_reached: {
    status: 409,
    message: 'This account has as many passkeys as it can hold. Remove one first.',
  },
  email_unconfirmed: {
    status: 403,
    message: 'Confirm your e-mail address first: open the link we sent you.',
  },

  // Posts.
  body_empty: { status: 400, message: 'Write something first.' },
  body_too_long: { status: 400, message: `Posts have at most ${POST_BODY_MAX_LENGTH} characters.` },
  reply_too_deep: { status: 400, message: 'Reply to the original post instead.' },
  cannot_share_reply: {
    status: 400,
    message: 'Replies cannot be reposted or quoted; share the post they answer instead.',
  },
  not_author: { status: 403, message: 'Only the author can change this post.' },

  // Images.
  invalid_upload: { status: 400, message: 'The upload could not be read; try again.' },
  invalid_image: {
    status: 400,
    message: 'This file is not an image we accept (JPEG, PNG, WebP, GIF, AVIF or HEIC).',
  },
  image_too_large: {
    status: 400,
    message: `This image has too many pixels (at most ${MEDIA_MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
  },
  invalid_crop: { status: 400, message: 'The crop reaches outside the image.' },
  image_not_found: {
    status: 400,
    message: 'One of the images is not yours, was already posted or has expired.',
  },
  image_attached: { status: 409, message: 'This image is part of a post; delete the post instead.' },
  file_too_large: { status: 413, message: `Images can be at most ${MEDIA_MAX_FILE_BYTES / 1024 / 1024} MB.` },

  // "Your data": the archive of an account.
  data_export_in_progress: {
    status: 409,
    message: 'Your archive is being made already. We will tell you when it is ready.',
  },
  data_export_too_soon: { status: 429, message: 'You asked for an archive recently. Try again later.' },
  data_export_unavailable: {
    status: 404,
    message: 'There is no archive to download: it expired or is not ready. Ask for a new one.',
  },

  // Blocks, mutes, reports and the admin.
  cannot_block_self: { status: 400, message: 'You cannot block yourself.' },
  cannot_mute_self: { status: 400, message: 'You cannot mute yourself.' },
  too_many_blocks: { status: 409, message: 'You block as many accounts as you can.' },
  too_many_mutes: { status: 409, message: 'You mute as many accounts as you can.' },
  cannot_follow_self: { status: 400, message: 'You cannot follow yourself.' },
  too_many_follows: { status: 409, message: 'You follow as many accounts as you can.' },
  too_many_followed_tags: { status: 409, message: 'You follow as many hashtags as you can.' },
  too_many_bookmarks: { status: 409, message: 'You have as many bookmarks as you can keep.' },
  blocked: {
    status: 403,
    message: 'You cannot interact with this account: one of you blocked the other.',
  },
  cannot_report_own_post: { status: 400, message: 'You cannot report your own post.' },
  already_reported: {
    status: 409,
    message: 'You have already reported this post; an admin will look at it.',
  },
  admin_only: { status: 403, message: 'Only an admin can do this.' },
  cannot_suspend_self: { status: 400, message: 'You cannot suspend yourself.' },
  cannot_suspend_admin: {
    status: 403,
    message: 'Admins and moderators cannot be suspended: take their role away first.',
  },
  staff_only: { status: 403, message: 'Only an admin or a moderator can do this.' },
  own_account: { status: 400, message: 'You cannot do this to your own account.' },
  founder_role: { status: 409, message: "The founding admin's role cannot be changed." },

  // Link previews: another site failed or may not be fetched.
  forbidden_address: {
    status: 403,
    message: 'That address is not allowed: it points to a private network.',
  },
  too_many_redirects: { status: 502, message: 'The page redirected too many times.' },
  bad_redirect: { status: 502, message: 'The page redirected to an address we cannot follow.' },
  upstream_status: { status: 502, message: 'The page answered with an error.' },
  too_large: { status: 502, message: 'The page is too large to preview.' },
  unsupported_content: {
    status: 502,
    message: 'That address is neither a web page nor media we can preview.',
  },
  fetch_failed: { status: 502, message: 'The page could not be reached.' },
  timeout: { status: 504, message: 'The page did not answer in time (timeout).' },

  // Real time: channel sign-in, and the Pusher HTTP API (which answers the message as plain text).
  channel_forbidden: { status: 403, message: 'You may not join this channel.' },
  invalid_request: { status: 400, message: 'The request body does not fit the API.' },
  invalid_channel: { status: 400, message: 'That is not a valid channel name.' },
  invalid_info: { status: 400, message: 'That info attribute is not available here.' },
  invalid_user_id: { status: 400, message: 'That is not a valid user id.' },
  not_presence: { status: 400, message: 'Users are only available for presence channels' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  payload_too_large: { status: 413, message: 'Payload too large.' },
  upgrade_required: { status: 426, message: 'Connect with a WebSocket (Upgrade: websocket)' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** A code from a body someone else sent (a server, a proxy): checked, never cast. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** One message per field, keyed by the field's dotted path (`images.0.alt`); `form` for the whole. */
export type FieldErrors = Record<string, string>;

/** The body of every error answer of the JSON API. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}
