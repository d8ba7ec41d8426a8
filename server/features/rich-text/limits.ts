/**
 * Hashtags a post is filed under (its tag pages, followers' timelines, trending counts). Tags
 * past these stay linked in the text; the cap only keeps one post from flooding many tags.
 */
export const MAX_HASHTAGS_PER_POST = 10;
