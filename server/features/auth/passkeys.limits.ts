/** A passkey prompt must be answered within this time (the browser's own time-out is a minute). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** What the browser is told to wait for the person at the prompt. */
export const PASSKEY_PROMPT_TIMEOUT_MS = 60 * 1000;
