import type { Editor } from '@tiptap/core';
import { Link } from 'lucide-react';
import { type ButtonHTMLAttributes, type KeyboardEvent, useState } from 'react';
import { useT } from '../../i18n';
import { type ComposerMessageKey, composerMessages } from './composer.messages';
import { FORMATTING_TOOLS, type FormattingToolName, MOD_KEY } from './formatting-tools';
import { useEditorValue } from './use-editor-value';

const ICON = 'size-4';
const NOTHING_ACTIVE = { tools: FORMATTING_TOOLS.map(() => false), link: false };
// One text colour per state: two on one element would leave it to the stylesheet's order.
const RELEASED = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
const PRESSED = 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100';

const TOOL_LABEL_KEY = {
  bold: 'toolBold',
  italic: 'toolItalic',
  strike: 'toolStrike',
  code: 'toolCode',
  bulletList: 'toolBulletList',
  orderedList: 'toolOrderedList',
  blockquote: 'toolBlockquote',
  codeBlock: 'toolCodeBlock',
} as const satisfies Record<FormattingToolName, ComposerMessageKey>;

export interface FormattingToolbarProps {
  editor: Editor;
  editorId: string;
  isLinkOpen: boolean;
  onEditLink: () => void;
}

/**
 * One tab stop for all the buttons (roving tabindex): Tab enters on the last-used button, arrows
 * move, Home/End jump, Enter/Space apply and return to the text. Mouse presses keep the editor's
 * selection because the buttons never take focus from a click.
 */
export function FormattingToolbar({ editor, editorId, isLinkOpen, onEditLink }: FormattingToolbarProps) {
  const t = useT(composerMessages);
  const active = useEditorValue(
    editor,
    (e) => ({ tools: FORMATTING_TOOLS.map((tool) => e.isActive(tool.name)), link: e.isActive('link') }),
    NOTHING_ACTIVE,
  );
  const [current, setCurrent] = useState(0);
  const count = FORMATTING_TOOLS.length + 1;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    setCurrent(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button')[next]?.focus();
  };
  const buttonProps = (index: number) => ({
    tabIndex: index === current ? 0 : -1,
    onFocus: () => setCurrent(index),
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
  });
  return (
    <div
      role="toolbar"
      aria-label={t('toolbarLabel')}
      aria-controls={editorId}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5"
    >
      {FORMATTING_TOOLS.map((tool, index) => (
        <ToolButton
          key={tool.name}
          {...buttonProps(index)}
          label={t(TOOL_LABEL_KEY[tool.name])}
          keys={tool.keys}
          isPressed={active.tools[index] ?? false}
          onClick={() => {
            tool.apply(editor.chain()).run();
            // Synchronously (TipTap's focus() waits a frame): the next key belongs to the text.
            editor.view.focus();
          }}
        >
          <tool.icon aria-hidden="true" className={ICON} />
        </ToolButton>
      ))}
      <ToolButton
        {...buttonProps(FORMATTING_TOOLS.length)}
        label={t('toolLink')}
        keys={`${MOD_KEY}+K`}
        isPressed={active.link}
        aria-haspopup="dialog"
        aria-expanded={isLinkOpen}
        onClick={onEditLink}
      >
        <Link aria-hidden="true" className={ICON} />
      </ToolButton>
    </div>
  );
}

interface ToolButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  keys: string;
  isPressed: boolean;
}

/** Key names as the language's keyboards print them (`Strg` on a German one); Meta is Cmd's ⌘. */
const KEY_NAME_KEY: Partial<Record<string, ComposerMessageKey>> = { Control: 'keyCtrl', Shift: 'keyShift' };

function ToolButton({ label, keys, isPressed, children, ...rest }: ToolButtonProps) {
  const t = useT(composerMessages);
  const shortcut = keys
    .split('+')
    .map((key) => {
      const nameKey = KEY_NAME_KEY[key];
      if (nameKey) return t(nameKey);
      return key === 'Meta' ? '⌘' : key;
    })
    .join('+');
  return (
    <button
      type="button"
      {...rest}
      aria-label={label}
      aria-pressed={isPressed}
      aria-keyshortcuts={keys}
      title={t('toolTitle', { label, shortcut })}
      className={`inline-flex size-8 items-center justify-center rounded-md text-sm ${isPressed ? PRESSED : RELEASED}`}
    >
      {children}
    </button>
  );
}
