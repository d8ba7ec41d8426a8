import { getSchema } from '@tiptap/core';
import { DOMParser, type TagParseRule } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { hashtagHref } from '../../../common/rich-text/hashtag';
import { ComposerShortcuts, composerExtensions } from './editor-extensions';
import { isAllowedLinkHref } from './link-rules';
import { MentionPopupStore } from './mention-popup-store';

const schema = getSchema(
  composerExtensions({
    placeholder: '',
    popup: new MentionPopupStore(),
    findPeople: () => Promise.resolve([]),
    shortcuts: new ComposerShortcuts(),
  }),
);
/** ProseMirror tries tag rules in this order and takes the first whose selector matches. */
const tagRules = DOMParser.fromSchema(schema).rules.filter((rule): rule is TagParseRule => 'tag' in rule);

describe('loading a stored hashtag into the editor', () => {
  it('skips the hashtag anchor, keeping its #tag as text, before any rule could make it a link', () => {
    const hashtagRule = tagRules.findIndex((rule) => rule.tag === 'a[data-type="hashtag"]');
    const firstLinkRule = tagRules.findIndex((rule) => rule.tag?.startsWith('a[href'));
    expect(hashtagRule).toBeGreaterThanOrEqual(0);
    expect(tagRules[hashtagRule]?.skip).toBe(true);
    expect(hashtagRule).toBeLessThan(firstLinkRule);
  });

  it('would refuse its href as a link anyway', () => {
    expect(isAllowedLinkHref(hashtagHref('Rust'))).toBe(false);
  });
});
