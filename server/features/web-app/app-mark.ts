/**
 * Tidings' own mark (the header's logo and /favicon.svg, client/public/favicon.svg), drawn into
 * the home-screen icons when the admin has not uploaded an instance icon. A test keeps the two
 * copies equal.
 */
export const APP_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f5bd3"/><path d="M6 19c3-4 6-4 9 0s6 4 9 0" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M6 12c3-4 6-4 9 0s6 4 9 0" stroke="#b8c8ff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>';

/** The mark's own colour: the background of its maskable and Apple icons. */
export const APP_MARK_COLOR = '#2f5bd3';
