/** The post-body sanitiser's public face: the one way post HTML gets in. */
export { sanitizePostBody, type SanitizedPostBody } from './sanitize-post-body';
export { MAX_HASHTAGS_PER_POST } from './limits';
