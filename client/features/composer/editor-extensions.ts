import { Extension, type Extensions } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { POST_LINK_REL, POST_LINK_TARGET } from '../../../common/rich-text/post-schema';
import { HashtagText } from './hashtag-text';
import { isAllowedLinkHref } from './link-rules';
import { mentionNode } from './mention-node';
import type { FindPeople } from './mention-suggestion';
import { mentionSuggestion } from './mention-suggestion';
import type { MentionPopupStore } from './mention-popup-store';
import { PostCharacterCount } from './post-text-length';

export interface ComposerCallbacks {
  /** Ctrl/Cmd+Enter. */
  submit: () => void;
  /** Ctrl/Cmd+K. */
  editLink: () => void;
}

/**
 * The editor's keymap is built once, but what its keys do changes with every render (the latest
 * text, busy state, dialog state): the component rebinds this after each render.
 */
export class ComposerShortcuts {
  private callbacks: ComposerCallbacks = { submit: () => undefined, editLink: () => undefined };

  bind(callbacks: ComposerCallbacks): void {
    this.callbacks = callbacks;
  }

  submit(): void {
    this.callbacks.submit();
  }

  editLink(): void {
    this.callbacks.editLink();
  }
}

/**
 * The editor's schema is the post schema (common/rich-text/post-schema.ts) and nothing more:
 * paragraphs, hard breaks, bold, italic, strike, inline code, code blocks, quotes, both lists,
 * links and mentions. Headings, rules, underline and the trailing empty paragraph are off, so
 * what the editor makes is exactly what the server keeps. Pasted HTML is parsed against this
 * schema, which drops everything else. Hashtags are plain text here: the server links them.
 */
export function composerExtensions(options: {
  placeholder: string;
  popup: MentionPopupStore;
  findPeople: FindPeople;
  shortcuts: ComposerShortcuts;
}): Extensions {
  return [
    StarterKit.configure({
      heading: false,
      horizontalRule: false,
      underline: false,
      trailingNode: false,
      link: {
        autolink: true,
        linkOnPaste: true,
        openOnClick: false,
        defaultProtocol: 'https',
        protocols: [],
        isAllowedUri: (url) => isAllowedLinkHref(url),
        // The server writes these on every outside link anyway; the editor matches it.
        HTMLAttributes: { rel: POST_LINK_REL, target: POST_LINK_TARGET, class: null },
      },
    }),
    mentionNode(mentionSuggestion(options.popup, options.findPeople)),
    HashtagText,
    Placeholder.configure({ placeholder: options.placeholder }),
    PostCharacterCount,
    composerShortcuts(options.shortcuts),
  ];
}

/** Runs before StarterKit's keymaps: HardBreak also claims Mod-Enter, and here it means "post". */
function composerShortcuts(shortcuts: ComposerShortcuts) {
  return Extension.create({
    name: 'composerShortcuts',
    priority: 1000,
    addKeyboardShortcuts() {
      const submit = () => {
        shortcuts.submit();
        return true;
      };
      return {
        'Mod-Enter': submit,
        // On a Mac Mod is Cmd; Ctrl+Enter posts there too.
        'Ctrl-Enter': submit,
        'Mod-k': () => {
          shortcuts.editLink();
          return true;
        },
      };
    },
  });
}
