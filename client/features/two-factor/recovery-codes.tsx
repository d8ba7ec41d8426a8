import { Button } from '../../ui/button';

/** The codes, shown once: to print, download or copy before they are gone from the screen. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const download = () => {
    const file = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        Keep these recovery codes somewhere safe, away from your phone. Each one logs you in once if you lose
        the app. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-100 p-4 font-mono text-sm max-[360px]:grid-cols-1 dark:bg-slate-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={download}>
          Download as a file
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
