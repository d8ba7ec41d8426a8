import {
  type ApiErrorBody,
  ERROR_CATALOGUE,
  type ErrorCode,
  type FieldErrors,
} from '../common/contracts/errors';

interface AppErrorOptions {
  /** When the case needs its own words; the catalogue's message otherwise. */
  message?: string | undefined;
  /** Only where a framework already decided the status (a multipart parser's limits). */
  status?: number | undefined;
  fields?: FieldErrors | undefined;
  headers?: Record<string, string> | undefined;
  /** Another site failed: logged at info, for it is not our fault. */
  upstream?: boolean | undefined;
}

/**
 * One error vocabulary for the whole server (its codes: common/contracts/errors.ts). Services and
 * routes throw AppError through the factories below; the app's error handler turns every AppError
 * into `{ "error": { "code", "message", "fields"? } }` with its status. Anything else is a bug:
 * it is logged and answered with a bare 500.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly upstream: boolean;

  /** Use the factories in `errors`; a lint rule keeps `new AppError` inside this file. */
  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.upstream = options.upstream ?? false;
  }

  /** What the API answers for this error. */
  toBody(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

const make = (code: ErrorCode, options?: AppErrorOptions) => new AppError(code, options);
const retryAfter = (seconds: number) => ({ 'retry-after': String(seconds) });
/** "3 hours", "12 minutes": a wait as people say it, rounded up. */
function formatWait(seconds: number): string {
  const hours = Math.ceil(seconds / 3600);
  if (hours > 1) return `${hours} hours`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
const upstream = (code: ErrorCode) => () => make(code, { upstream: true });

/** One factory per code the server throws; the status and default message come from the catalogue. */
export const errors = {
  // Requests the API refuses whatever they ask for.
  invalidJson: (message?: string) => make('invalid_json', { message }),
  validation: (fields: FieldErrors, message?: string) => make('validation_failed', { message, fields }),
  /** Refused text (control characters, lone surrogates) in `field`. */
  invalidText: (field: string) =>
    make('invalid_text', { fields: { [field]: ERROR_CATALOGUE.invalid_text.message } }),
  invalidUrl: (message?: string) => make('invalid_url', { message }),
  invalidCursor: () => make('invalid_cursor'),
  unauthenticated: (message?: string) => make('unauthenticated', { message }),
  invalidCredentials: () => make('invalid_credentials'),
  csrfHeaderMissing: () => make('csrf_header_missing'),
  notFound: (message?: string) => make('not_found', { message }),
  pathTooLong: (maxLength: number) =>
    make('path_too_long', { message: `A part of this address is longer than ${maxLength} characters.` }),
  unsupportedMediaType: (message?: string) => make('unsupported_media_type', { message }),
  rateLimited: (retryAfterSeconds: number) =>
    make('rate_limited', {
      message: `Too many requests. Try again in ${retryAfterSeconds} s.`,
      headers: retryAfter(retryAfterSeconds),
    }),
  internal: () => make('internal_error'),
  /** The database cannot be reached right now (server/platform/db/unavailable.ts). */
  databaseUnavailable: (retryAfterSeconds: number) =>
    make('database_unavailable', { headers: retryAfter(retryAfterSeconds) }),

  // Accounts and settings.
  accountExists: (fields: FieldErrors) => make('account_exists', { fields }),
  accountSuspended: () => make('account_suspended'),
  /** The message also stands next to the field the password was typed in. */
  wrongPassword: (field: string) =>
    make('wrong_password', { fields: { [field]: ERROR_CATALOGUE.wrong_password.message } }),
  emailTaken: (fields?: FieldErrors) => make('email_taken', { fields }),
  emailUnconfirmed: () => make('email_unconfirmed'),
  twoFactorCodeInvalid: () =>
    make('two_factor_code_invalid', { fields: { code: ERROR_CATALOGUE.two_factor_code_invalid.message } }),
  twoFactorChallengeInvalid: () => make('two_factor_challenge_invalid'),
  twoFactorState: (message: string) => make('two_factor_state', { message }),
  passkeyRequestInvalid: () => make('passkey_request_invalid'),
  unsubscribeLinkInvalid: () => make('unsubscribe_link_invalid'),
  passkeyNotVerified: () => make('passkey_not_verified'),
  passkeyLimitReached: () => make('passkey_limit_reached'),
  accountPending: () => make('account_pending'),
  registrationClosed: () => make('registration_closed'),
  inviteRequired: () => make('invite_required'),
  inviteInvalid: () =>
    make('invite_invalid', { fields: { inviteCode: ERROR_CATALOGUE.invite_invalid.message } }),
  invitesNotAllowed: () => make('invites_not_allowed'),
  /** A confirmation link that never existed, ran out, or was already used: each says which. */
  confirmLinkInvalid: (why: 'unknown' | 'expired' | 'used' | 'other-account') =>
    make('confirm_link_invalid', {
      message: {
        unknown: undefined,
        expired: 'This confirmation link has expired. Ask for a new one from your settings.',
        used: 'This confirmation link has already been used, or a newer one replaced it.',
        'other-account': 'This link is for another account. Log out, then open it again.',
      }[why],
    }),
  adminAccount: () => make('admin_account'),
  /** A reset link that never existed, ran out, or was already used: each says which. */
  resetLinkInvalid: (why: 'unknown' | 'expired' | 'used') =>
    make('reset_link_invalid', {
      message: {
        unknown: undefined,
        expired: 'This reset link has expired. Ask for a new one.',
        used: 'This reset link has already been used. Ask for a new one if you need to.',
      }[why],
    }),

  // Posts.
  bodyEmpty: () => make('body_empty'),
  bodyTooLong: () => make('body_too_long'),
  replyTooDeep: () => make('reply_too_deep'),
  cannotShareReply: () => make('cannot_share_reply'),
  notAuthor: () => make('not_author'),

  // Images.
  /** A multipart parser's refusal keeps its status (413 for too many parts, 406 for a bad field). */
  invalidUpload: (refusal?: { status: number; message: string }) => make('invalid_upload', refusal),
  invalidImage: () => make('invalid_image'),
  imageTooLarge: () => make('image_too_large'),
  invalidCrop: () => make('invalid_crop'),
  imageNotFound: () => make('image_not_found'),
  imageAttached: () => make('image_attached'),

  // "Your data".
  dataExportInProgress: () => make('data_export_in_progress'),
  /** A new archive may be asked for once per DATA_EXPORT_INTERVAL_MS. */
  dataExportTooSoon: (retryAfterSeconds: number) =>
    make('data_export_too_soon', {
      message: `You asked for an archive recently. Try again in ${formatWait(retryAfterSeconds)}.`,
      headers: retryAfter(retryAfterSeconds),
    }),
  dataExportUnavailable: () => make('data_export_unavailable'),
  fileTooLarge: () => make('file_too_large'),

  // Blocks, mutes, reports and the admin.
  cannotBlockSelf: () => make('cannot_block_self'),
  cannotMuteSelf: () => make('cannot_mute_self'),
  tooManyBlocks: (max: number) =>
    make('too_many_blocks', { message: `You can block at most ${max.toLocaleString('en')} accounts.` }),
  tooManyMutes: (max: number) =>
    make('too_many_mutes', { message: `You can mute at most ${max.toLocaleString('en')} accounts.` }),
  cannotFollowSelf: () => make('cannot_follow_self'),
  tooManyFollows: (max: number) =>
    make('too_many_follows', { message: `You can follow at most ${max.toLocaleString('en')} accounts.` }),
  tooManyFollowedTags: (max: number) =>
    make('too_many_followed_tags', {
      message: `You can follow at most ${max.toLocaleString('en')} hashtags.`,
    }),
  tooManyBookmarks: (max: number) =>
    make('too_many_bookmarks', { message: `You can keep at most ${max.toLocaleString('en')} bookmarks.` }),
  blocked: () => make('blocked'),
  cannotReportOwnPost: () => make('cannot_report_own_post'),
  alreadyReported: () => make('already_reported'),
  adminOnly: () => make('admin_only'),
  cannotSuspendSelf: () => make('cannot_suspend_self'),
  cannotSuspendAdmin: () => make('cannot_suspend_admin'),
  staffOnly: () => make('staff_only'),
  ownAccount: () => make('own_account'),
  founderRole: () => make('founder_role'),

  // Link previews. Messages are fixed per code: resolver and socket details would turn the
  // endpoint into a port scanner.
  forbiddenAddress: () => make('forbidden_address'),
  tooManyRedirects: upstream('too_many_redirects'),
  badRedirect: upstream('bad_redirect'),
  upstreamStatus: upstream('upstream_status'),
  tooLarge: upstream('too_large'),
  unsupportedContent: upstream('unsupported_content'),
  fetchFailed: upstream('fetch_failed'),
  timeout: upstream('timeout'),

  // Real time.
  channelForbidden: (channel: string) =>
    make('channel_forbidden', { message: `You may not join ${channel}.` }),
  invalidRequest: (message: string) => make('invalid_request', { message }),
  invalidChannel: (message: string) => make('invalid_channel', { message }),
  invalidInfo: (message: string) => make('invalid_info', { message }),
  invalidUserId: (message: string) => make('invalid_user_id', { message }),
  notPresence: () => make('not_presence'),
  methodNotAllowed: (allowed: string) =>
    make('method_not_allowed', { message: `Method not allowed: use ${allowed}` }),
  payloadTooLarge: (maxBytes: number) =>
    make('payload_too_large', { message: `Payload too large: event data is over ${maxBytes} bytes` }),
  upgradeRequired: () => make('upgrade_required'),
};

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
