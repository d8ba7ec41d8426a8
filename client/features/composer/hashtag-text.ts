import { Mark } from '@tiptap/core';
import { HASHTAG_TYPE } from '../../../common/rich-text/hashtag';

/**
 * Loads a hashtag link, `<a href="/tags/rust" data-type="hashtag" data-id="rust">#Rust</a>`, as
 * the plain `#Rust` it was typed as: the server finds and links tags again on every save, so
 * the editor only ever holds their text. Its rule skips the anchor and keeps what is inside,
 * ahead of the link mark's `a[href]` rule, which would otherwise take a pasted hashtag (whose
 * href the browser has made absolute) for an outside link. The mark is never applied.
 */
export const HashtagText = Mark.create({
  name: 'hashtagText',
  parseHTML() {
    return [{ tag: `a[data-type="${HASHTAG_TYPE}"]`, priority: 100, skip: true }];
  },
  renderHTML() {
    return ['span', 0];
  },
});
