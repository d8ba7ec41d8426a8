import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { keyboardShortcutsMessages } from './keyboard-shortcuts.messages';

type FeedKey = keyof typeof keyboardShortcutsMessages.source;

/**
 * Every single-key shortcut of the feed; none fires while typing or with Ctrl, Alt or Meta.
 * A key is the character itself, or the message naming a key that has a name (Page Down).
 */
export const FEED_SHORTCUTS: readonly { keys: readonly (string | { name: FeedKey })[]; action: FeedKey }[] = [
  { keys: ['j'], action: 'shortcutNextPost' },
  { keys: ['k'], action: 'shortcutPreviousPost' },
  { keys: ['l'], action: 'shortcutLike' },
  { keys: ['r'], action: 'shortcutReply' },
  { keys: ['n'], action: 'shortcutNewPost' },
  { keys: ['/'], action: 'shortcutSearch' },
  { keys: [{ name: 'keyPageDown' }, { name: 'keyPageUp' }], action: 'shortcutPageKeys' },
  { keys: ['?'], action: 'shortcutHelp' },
];

export function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
  const t = useT(keyboardShortcutsMessages);
  return (
    <ModalDialog
      title={t('shortcutsTitle')}
      onCancel={onClose}
      widthClassName="w-[min(30rem,calc(100%-2rem))]"
    >
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {FEED_SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="contents">
            <dt className="flex items-start gap-1">
              {keys.map((key) => (
                <kbd
                  key={typeof key === 'string' ? key : key.name}
                  className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
                >
                  {typeof key === 'string' ? key : t(key.name)}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-700 dark:text-slate-300">{t(action)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('shortcutsNote')}</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>{t('shortcutsClose')}</Button>
      </div>
    </ModalDialog>
  );
}
