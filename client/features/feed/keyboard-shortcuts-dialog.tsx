import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';

/** Every single-key shortcut of the feed; none fires while typing or with Ctrl, Alt or Meta. */
export const FEED_SHORTCUTS: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['j'], action: 'Next post (loads older posts at the end)' },
  { keys: ['k'], action: 'Previous post' },
  { keys: ['l'], action: 'Like or unlike the selected post' },
  { keys: ['r'], action: 'Reply to the selected post' },
  { keys: ['n'], action: 'Write a new post' },
  { keys: ['/'], action: 'Search' },
  { keys: ['Page Down', 'Page Up'], action: 'Next or previous post, from within the feed' },
  { keys: ['?'], action: 'Show these shortcuts' },
];

export function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog
      title="Keyboard shortcuts"
      onCancel={onClose}
      widthClassName="w-[min(30rem,calc(100%-2rem))]"
    >
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {FEED_SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="contents">
            <dt className="flex items-start gap-1">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-700 dark:text-slate-300">{action}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        They do nothing while you type, or with Ctrl, Alt or ⌘ held.
      </p>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </ModalDialog>
  );
}
