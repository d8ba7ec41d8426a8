/**
 * Limits shared by the API and the browser, in a module that builds no schema: importing a
 * contract module builds its zod schemas, and zod is too heavy for a first page. The contract
 * modules re-export these; browser code that runs on a first load imports them from here.
 */

/** Account rules shared by the sign-up form and the API, so both say the same thing. */
export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** Longest post body, in characters of its plain text (what the composer's counter counts). */
export const POST_BODY_MAX_LENGTH = 5_000;
/** Longest body HTML a client may send; markup for 5,000 characters of text fits with room. */
export const POST_HTML_MAX_LENGTH = 50_000;
/** Posts in one feed or replies page. */
export const FEED_PAGE_SIZE = 20;
/** The start of a quoted post's text its card shows, in characters. */
export const QUOTE_EXCERPT_LENGTH = 280;

/** Images one post may carry. */
export const MAX_IMAGES_PER_POST = 4;
/** Longest alt text of one image, in characters. */
export const MEDIA_ALT_MAX_LENGTH = 1_500;

/** Largest file accepted, in bytes; the composer checks it before sending. */
export const MEDIA_MAX_FILE_BYTES = 15 * 1024 * 1024;
/** Largest decoded image accepted, in pixels (sharp's limitInputPixels). */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
/** Longest edge of any stored rendition, in pixels. */
export const MEDIA_MAX_LONG_EDGE = 2048;
/**
 * Widths of the stored renditions: those narrower than the image, plus the image's own width
 * (after the long-edge cap), so an image is never enlarged nor served smaller than it is.
 */
export const MEDIA_WIDTHS = [320, 640, 1280, 2048] as const;

/** Instance settings (the admin's settings page). */
export const INSTANCE_NAME_MAX_LENGTH = 40;
export const INSTANCE_DESCRIPTION_MAX_LENGTH = 300;
export const INSTANCE_RULES_MAX_COUNT = 20;
export const INSTANCE_RULE_MAX_LENGTH = 300;
/** What an applicant writes about why they want to join, where sign-ups need approval. */
export const SIGN_UP_REASON_MAX_LENGTH = 500;
/** Uses one invite link may be given, at most (unlimited is also a choice). */
export const INVITE_MAX_USES_LIMIT = 100;
/** Recovery codes made at once, when two-factor sign-in is turned on or the codes are renewed. */
export const RECOVERY_CODE_COUNT = 10;
/** Passkeys one account may hold: enough for every device and a spare key. */
export const PASSKEYS_PER_ACCOUNT_MAX = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** Accounts one account may follow (Mastodon allows 7,500); Home reads them all on every page. */
export const MAX_FOLLOWS_PER_USER = 5_000;
/** Hashtags one account may follow. */
export const MAX_FOLLOWED_TAGS_PER_USER = 100;
/** Posts one account may bookmark. */
export const MAX_BOOKMARKS_PER_USER = 10_000;
