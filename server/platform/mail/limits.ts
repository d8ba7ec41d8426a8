/** A message is tried at most this many times, then kept as failed for the admin to see. */
export const MAIL_MAX_ATTEMPTS = 6;
/** Wait before the 2nd, 3rd… attempt; the last delay repeats if there are more attempts. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  6 * 60 * 60_000,
];
/** How often each node looks for due messages (new ones are also sent at once). */
export const MAIL_POLL_INTERVAL_MS = 5_000;
/** Messages one node takes per round. */
export const MAIL_BATCH_SIZE = 10;
/** A node that took a message and stopped gives it up after this; another node retries it. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Connecting, the greeting and each silence of an SMTP server: past this the attempt fails. */
export const MAIL_SMTP_TIMEOUT_MS = 30_000;
/** Sent and failed messages (their subject, address and error; never their body) are kept this long. */
export const MAIL_HISTORY_TTL_MS = 30 * 24 * 60 * 60_000;
/** The admin's list of failed messages shows at most this many, newest first. */
export const MAIL_FAILURES_LISTED = 50;
