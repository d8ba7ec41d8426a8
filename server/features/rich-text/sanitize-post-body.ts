import { parseHtmlSource } from './html-source';
import { normalise, type NormaliseOptions } from './normalise';
import { isPlainText, plainTextToHtml } from './plain-text';
import { preClean } from './pre-clean';
import { hashtagKeys, mentionedHandles, projectText, renderHtml } from './render';

export interface SanitizedPostBody {
  /** HTML in the editor's schema (common/rich-text/post-schema.ts), canonical and idempotent. */
  html: string;
  /** The plain-text projection (render.ts), trimmed; what the length limit counts. */
  text: string;
  /** Handles of the mentions kept (the editor's and typed ones), first occurrence first, each once. */
  mentionHandles: string[];
  /**
   * Keys (common/rich-text/hashtag.ts) of the hashtags linked, first occurrence first, each
   * once, at most MAX_HASHTAGS_PER_POST (./limits.ts).
   */
  hashtags: string[];
}

export type SanitizeOptions = NormaliseOptions;

/**
 * Turns whatever a client sent as a post body into stored HTML and text. Three steps: sanitize-html
 * with the schema's allow-list (the security boundary), a rebuild into the editor's content
 * model that also links typed `#tag`s and `@handle`s, and a canonical serialisation.
 * sanitizePostBody(result.html, options) returns result.html for the same options.
 */
export function sanitizePostBody(input: string, options: SanitizeOptions = {}): SanitizedPostBody {
  const html = isPlainText(input) ? plainTextToHtml(input) : input;
  const blocks = normalise(parseHtmlSource(preClean(html)), options);
  return {
    html: renderHtml(blocks),
    text: projectText(blocks),
    mentionHandles: mentionedHandles(blocks),
    hashtags: hashtagKeys(blocks),
  };
}
