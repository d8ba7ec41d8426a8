/**
 * How many of the newest top-level posts (before the cursor) a Home page first looks through
 * for the reader's sources. A reader whose sources wrote at least a page's worth among them is
 * served from that window alone; anyone else's sources are rare enough that reading them
 * directly is cheap (docs/decisions/0001-home-timeline.md). About √(page × posts) balances the
 * two for a million posts.
 */
export const HOME_SCAN_WINDOW = 4_096;

/** Trending tags are counted again at most this often on each node. */
export const TRENDING_CACHE_MS = 60_000;

/**
 * Readers who follow at most this many accounts start with their sources: a few dozen short
 * index walks cost less than looking through the window (measured by `npm run bench:timelines`).
 */
export const HOME_SOURCES_FIRST_MAX_FOLLOWS = 30;
