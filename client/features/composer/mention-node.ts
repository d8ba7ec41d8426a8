import Mention, { type MentionNodeAttrs } from '@tiptap/extension-mention';
import type { SuggestionOptions } from '@tiptap/suggestion';
import { isMentionHandle, MENTION_TYPE, mentionHref } from '../../../common/rich-text/post-schema';

/** What choosing a suggestion inserts: the handle is the node's id. */
export type MentionItem = MentionNodeAttrs;

/**
 * A mention in the contract's markup, `<a href="/@alice" data-type="mention" data-id="alice">@alice</a>`,
 * both ways: written like that, and read back from it so editing a post keeps its mentions as
 * mention nodes rather than plain links. Only `id` reaches the HTML; TipTap's label and trigger
 * character stay internal (the server would strip them anyway).
 */
export function mentionNode<Item>(suggestion: Omit<SuggestionOptions<Item, MentionItem>, 'editor'>) {
  return Mention.extend({
    addAttributes() {
      return {
        id: {
          default: null,
          parseHTML: (element: HTMLElement) => element.getAttribute('data-id'),
          rendered: false,
        },
        label: { default: null, rendered: false },
        // The Backspace handler turns a deleted mention back into its trigger character.
        mentionSuggestionChar: { default: '@', rendered: false },
      };
    },
    parseHTML() {
      return [
        {
          tag: `a[data-type="${MENTION_TYPE}"]`,
          // Ahead of the link mark's `a[href]` rule, so the anchor becomes a node, not a link.
          priority: 100,
          getAttrs: (element: HTMLElement) =>
            isMentionHandle(element.getAttribute('data-id') ?? '') ? null : false,
        },
      ];
    },
    renderHTML({ node }) {
      const handle = String(node.attrs.id);
      return ['a', { href: mentionHref(handle), 'data-type': MENTION_TYPE, 'data-id': handle }, `@${handle}`];
    },
    renderText({ node }) {
      return `@${String(node.attrs.id)}`;
    },
  }).configure({ suggestion, deleteTriggerWithBackspace: false });
}
