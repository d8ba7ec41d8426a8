import { HASHTAG_TYPE, hashtagKey, isHashtag } from '../../../common/rich-text/hashtag';

/**
 * The keys of the hashtags a post's sanitised HTML links to. The server writes each as
 * `<a href="/tags/key" data-type="hashtag" data-id="key">#Tag</a>`, with attribute values
 * escaped, so a quote in text or in another link's address cannot make one up. A regular
 * expression rather than DOMParser: it runs on every live post, and in tests without a DOM.
 */
const OPENING_ANCHOR = /<a\s[^>]*>/gi;
const IS_HASHTAG = new RegExp(`\\sdata-type="${HASHTAG_TYPE}"(?=[\\s/>])`, 'i');
const DATA_ID = /\sdata-id="([^"]*)"/i;

export function hashtagsIn(bodyHtml: string): string[] {
  const keys = new Set<string>();
  for (const [anchor] of bodyHtml.matchAll(OPENING_ANCHOR)) {
    if (!IS_HASHTAG.test(anchor)) continue;
    const id = DATA_ID.exec(anchor)?.[1];
    if (id !== undefined && isHashtag(id)) keys.add(hashtagKey(id));
  }
  return [...keys];
}
