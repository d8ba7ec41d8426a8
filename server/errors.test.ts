import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode, isErrorCode } from '../common/contracts/errors';
import { AppError, errors } from './errors';

type Factories = typeof errors;

/** Arguments for every factory: a new factory does not compile until it is listed here. */
const SAMPLE_ARGUMENTS: { [Name in keyof Factories]: Parameters<Factories[Name]> } = {
  invalidJson: [],
  validation: [{ handle: 'Choose a handle.' }],
  invalidText: ['bio'],
  invalidUrl: [],
  invalidCursor: [],
  unauthenticated: [],
  invalidCredentials: [],
  csrfHeaderMissing: [],
  notFound: [],
  pathTooLong: [492],
  unsupportedMediaType: [],
  rateLimited: [30],
  internal: [],
  databaseUnavailable: [5],
  accountExists: [{ email: 'In use.' }],
  accountSuspended: [],
  wrongPassword: ['currentPassword'],
  emailTaken: [],
  adminAccount: [],
  resetLinkInvalid: ['expired'],
  emailUnconfirmed: [],
  twoFactorCodeInvalid: [],
  twoFactorChallengeInvalid: [],
  twoFactorState: ['Two-factor sign-in is already on.'],
  passkeyRequestInvalid: [],
  unsubscribeLinkInvalid: [],
  passkeyNotVerified: [],
  passkeyLimitReached: [],
  staffOnly: [],
  ownAccount: [],
  founderRole: [],
  accountPending: [],
  registrationClosed: [],
  inviteRequired: [],
  inviteInvalid: [],
  invitesNotAllowed: [],
  confirmLinkInvalid: ['used'],
  bodyEmpty: [],
  bodyTooLong: [],
  replyTooDeep: [],
  cannotShareReply: [],
  notAuthor: [],
  invalidUpload: [],
  invalidImage: [],
  imageTooLarge: [],
  invalidCrop: [],
  imageNotFound: [],
  imageAttached: [],
  dataExportInProgress: [],
  dataExportTooSoon: [3600],
  dataExportUnavailable: [],
  fileTooLarge: [],
  cannotBlockSelf: [],
  cannotMuteSelf: [],
  tooManyBlocks: [10_000],
  tooManyMutes: [10_000],
  cannotFollowSelf: [],
  tooManyFollows: [5_000],
  tooManyFollowedTags: [100],
  tooManyBookmarks: [10_000],
  blocked: [],
  cannotReportOwnPost: [],
  alreadyReported: [],
  adminOnly: [],
  cannotSuspendSelf: [],
  cannotSuspendAdmin: [],
  forbiddenAddress: [],
  tooManyRedirects: [],
  badRedirect: [],
  upstreamStatus: [],
  tooLarge: [],
  unsupportedContent: [],
  fetchFailed: [],
  timeout: [],
  channelForbidden: ['private-user-1'],
  invalidRequest: ['channels: too many'],
  invalidChannel: ['name: too long'],
  invalidInfo: ['info=user_count needs filter_by_prefix=presence-'],
  invalidUserId: ['too long'],
  notPresence: [],
  methodNotAllowed: ['POST'],
  payloadTooLarge: [10_240],
  upgradeRequired: [],
};

/** Codes only Fastify's own refusals carry (server/http/error-handler.ts), never thrown by us. */
const FRAMEWORK_ONLY: readonly ErrorCode[] = ['bad_request', 'body_too_large', 'invalid_content_length'];

function made(): [string, AppError][] {
  return Object.entries(SAMPLE_ARGUMENTS).map(([name, args]) => {
    const factory = errors[name as keyof Factories] as (...args: unknown[]) => AppError;
    return [name, factory(...args)];
  });
}

describe('the error factories', () => {
  it.each(made())('%s makes an AppError whose status is its code’s', (_name, error) => {
    expect(error).toBeInstanceOf(AppError);
    expect(isErrorCode(error.code)).toBe(true);
    expect(error.status).toBe(ERROR_CATALOGUE[error.code].status);
    expect(error.message).not.toBe('');
  });

  it('cover every code but the ones only Fastify answers with, one factory each', () => {
    const codes = made().map(([, error]) => error.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes, ...FRAMEWORK_ONLY].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('keep a multipart parser’s own status for a refused upload', () => {
    const error = errors.invalidUpload({ status: 413, message: 'Send one image.' });
    expect([error.status, error.code, error.message]).toEqual([413, 'invalid_upload', 'Send one image.']);
  });

  it('take no code outside the vocabulary', () => {
    // @ts-expect-error: a code outside the catalogue does not compile, for AppError or anyone
    const unknown: ErrorCode = 'teapot';
    expect(isErrorCode(unknown)).toBe(false);
    expect(ERROR_CODES).not.toContain(unknown);
  });
});

describe("the README's table of error codes", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n### Error codes\n')[1]?.split('\n#')[0] ?? '';
  const rows = [...section.matchAll(/^\| `([a-z_]+)` +\| (\d{3}) +\|/gm)].map(([, code, status]) => ({
    code,
    status: Number(status),
  }));

  it('lists every code of the catalogue with its status, and nothing else', () => {
    expect(rows.length).toBeGreaterThan(0);
    const listed = Object.fromEntries(rows.map(({ code, status }) => [code, status]));
    const catalogue = Object.fromEntries(ERROR_CODES.map((code) => [code, ERROR_CATALOGUE[code].status]));
    expect(listed).toEqual(catalogue);
    expect(rows).toHaveLength(ERROR_CODES.length);
  });
});
