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

export type FormattingToolName =
  'bold' | 'italic' | 'strike' | 'code' | 'bulletList' | 'orderedList' | 'blockquote' | 'codeBlock';

export interface FormattingTool {
  /** The TipTap mark or node it toggles, which is also what `editor.isActive()` takes. */
  name: FormattingToolName;
  /** aria-keyshortcuts syntax; TipTap's StarterKit binds the same keys. */
  keys: string;
  /** The button's picture; its accessible name is the tool's label (formatting-toolbar.tsx). */
  icon: LucideIcon;
  apply: (chain: ChainedCommands) => ChainedCommands;
}

/** Every mark and block of the post schema, in toolbar order (the link has its own dialog). */
export const FORMATTING_TOOLS: FormattingTool[] = [
  { name: 'bold', keys: `${MOD_KEY}+B`, icon: Bold, apply: (c) => c.toggleBold() },
  { name: 'italic', keys: `${MOD_KEY}+I`, icon: Italic, apply: (c) => c.toggleItalic() },
  {
    name: 'strike',
    keys: `${MOD_KEY}+Shift+S`,
    icon: Strikethrough,
    apply: (c) => c.toggleStrike(),
  },
  {
    name: 'code',
    keys: `${MOD_KEY}+E`,
    icon: Code,
    apply: (c) => c.toggleCode(),
  },
  {
    name: 'bulletList',
    keys: `${MOD_KEY}+Shift+8`,
    icon: List,
    apply: (c) => c.toggleBulletList(),
  },
  {
    name: 'orderedList',
    keys: `${MOD_KEY}+Shift+7`,
    icon: ListOrdered,
    apply: (c) => c.toggleOrderedList(),
  },
  {
    name: 'blockquote',
    keys: `${MOD_KEY}+Shift+B`,
    icon: Quote,
    apply: (c) => c.toggleBlockquote(),
  },
  {
    name: 'codeBlock',
    keys: `${MOD_KEY}+Alt+C`,
    icon: SquareCode,
    apply: (c) => c.toggleCodeBlock(),
  },
];
