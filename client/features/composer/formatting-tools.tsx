import type { ChainedCommands } from '@tiptap/core';
import {
  Bold,
  Code,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  SquareCode,
  Strikethrough,
} from 'lucide-react';

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.userAgent);
/** aria-keyshortcuts names TipTap's "Mod": Cmd on Apple keyboards, Ctrl elsewhere. */
export const MOD_KEY = IS_MAC ? 'Meta' : 'Control';

export interface FormattingTool {
  /** The TipTap mark or node it toggles, which is also what `editor.isActive()` takes. */
  name: string;
  label: string;
  /** aria-keyshortcuts syntax; TipTap's StarterKit binds the same keys. */
  keys: string;
  /** The button's picture; its accessible name is `label`. */
  icon: LucideIcon;
  apply: (chain: ChainedCommands) => ChainedCommands;
}

/** Every mark and block of the post schema, in toolbar order (the link has its own dialog). */
export const FORMATTING_TOOLS: FormattingTool[] = [
  { name: 'bold', label: 'Bold', keys: `${MOD_KEY}+B`, icon: Bold, apply: (c) => c.toggleBold() },
  {
    name: 'italic',
    label: 'Italic',
    keys: `${MOD_KEY}+I`,
    icon: Italic,
    apply: (c) => c.toggleItalic(),
  },
  {
    name: 'strike',
    label: 'Strikethrough',
    keys: `${MOD_KEY}+Shift+S`,
    icon: Strikethrough,
    apply: (c) => c.toggleStrike(),
  },
  {
    name: 'code',
    label: 'Inline code',
    keys: `${MOD_KEY}+E`,
    icon: Code,
    apply: (c) => c.toggleCode(),
  },
  {
    name: 'bulletList',
    label: 'Bulleted list',
    keys: `${MOD_KEY}+Shift+8`,
    icon: List,
    apply: (c) => c.toggleBulletList(),
  },
  {
    name: 'orderedList',
    label: 'Numbered list',
    keys: `${MOD_KEY}+Shift+7`,
    icon: ListOrdered,
    apply: (c) => c.toggleOrderedList(),
  },
  {
    name: 'blockquote',
    label: 'Quote',
    keys: `${MOD_KEY}+Shift+B`,
    icon: Quote,
    apply: (c) => c.toggleBlockquote(),
  },
  {
    name: 'codeBlock',
    label: 'Code block',
    keys: `${MOD_KEY}+Alt+C`,
    icon: SquareCode,
    apply: (c) => c.toggleCodeBlock(),
  },
];
