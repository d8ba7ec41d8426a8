import { translate, useT } from '../../i18n';
import { Button } from '../../ui/button';
import { twoFactorMessages } from './two-factor.messages';

/** The codes, shown once: to print, download or copy before they are gone from the screen. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const t = useT(twoFactorMessages);
  const download = () => {
    const file = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = translate(twoFactorMessages)('recoveryCodesFileName');
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-800 dark:text-slate-200">{t('recoveryCodesIntro')}</p>
      <ol
        aria-label={t('recoveryCodesLabel')}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-100 p-4 font-mono text-sm max-[360px]:grid-cols-1 dark:bg-slate-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={download}>
          {t('downloadAsFile')}
        </Button>
        <Button onClick={onDone}>{t('savedThem')}</Button>
      </div>
    </div>
  );
}
