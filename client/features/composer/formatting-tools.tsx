import type { ChainedCommands } from '@tiptap/core';
import type { ReactNode } from 'react';

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.userAgent);
/** aria-keyshortcuts names TipTap's "Mod": Cmd on Apple keyboards, Ctrl elsewhere. */
export const MOD_KEY = IS_MAC ? 'Meta' : 'Control';

export interface FormattingTool {
  /** The TipTap mark or node it toggles, which is also what `editor.isActive()` takes. */
  name: string;
  label: string;
  /** aria-keyshortcuts syntax; TipTap's StarterKit binds the same keys. */
  keys: string;
  glyph: ReactNode;
  apply: (chain: ChainedCommands) => ChainedCommands;
}

/** Every mark and block of the post schema, in toolbar order (the link has its own dialog). */
export const FORMATTING_TOOLS: FormattingTool[] = [
  { name: 'bold', label: 'Bold', keys: `${MOD_KEY}+B`, glyph: <b>B</b>, apply: (c) => c.toggleBold() },
  {
    name: 'italic',
    label: 'Italic',
    keys: `${MOD_KEY}+I`,
    glyph: <i className="font-serif">I</i>,
    apply: (c) => c.toggleItalic(),
  },
  {
    name: 'strike',
    label: 'Strikethrough',
    keys: `${MOD_KEY}+Shift+S`,
    glyph: <s>S</s>,
    apply: (c) => c.toggleStrike(),
  },
  {
    name: 'code',
    label: 'Inline code',
    keys: `${MOD_KEY}+E`,
    glyph: <span className="font-mono text-xs">{'</>'}</span>,
    apply: (c) => c.toggleCode(),
  },
  {
    name: 'bulletList',
    label: 'Bulleted list',
    keys: `${MOD_KEY}+Shift+8`,
    glyph: <span>•≡</span>,
    apply: (c) => c.toggleBulletList(),
  },
  {
    name: 'orderedList',
    label: 'Numbered list',
    keys: `${MOD_KEY}+Shift+7`,
    glyph: <span className="text-xs">1.≡</span>,
    apply: (c) => c.toggleOrderedList(),
  },
  {
    name: 'blockquote',
    label: 'Quote',
    keys: `${MOD_KEY}+Shift+B`,
    glyph: <span className="text-lg leading-none">❝</span>,
    apply: (c) => c.toggleBlockquote(),
  },
  {
    name: 'codeBlock',
    label: 'Code block',
    keys: `${MOD_KEY}+Alt+C`,
    glyph: <span className="font-mono text-xs">{'{ }'}</span>,
    apply: (c) => c.toggleCodeBlock(),
  },
];
