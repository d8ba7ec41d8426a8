/** The link-previews feature's public face: what other features may use of it. */
export type { PostLinkPreviews } from './post-link-preview';
