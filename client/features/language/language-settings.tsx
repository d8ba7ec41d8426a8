import { useState } from 'react';
import {
  browserLanguage,
  chosenLanguage,
  LOCALE_NAMES,
  LOCALES,
  rememberLanguage,
  switchLanguage,
  useT,
  type Locale,
} from '../../i18n';
import { SelectField } from '../../ui/select-field';
import { languageMessages } from './language.messages';

/** The value of "Same as this browser": not a language, so it can never collide with one. */
const FOLLOW_BROWSER = 'browser';

/**
 * Settings → Language. Kept on this device, not the account: a shared or borrowed device keeps
 * its reader's language, and the choice applies before anyone logs in. The whole app switches
 * at once, without a reload.
 */
export function LanguageSettings() {
  const t = useT(languageMessages);
  const [choice, setChoice] = useState<Locale | null>(chosenLanguage);
  const [status, setStatus] = useState<'idle' | 'switching' | 'failed'>('idle');

  const choose = (value: string) => {
    const next = LOCALES.find((candidate) => candidate === value) ?? null;
    setStatus('switching');
    switchLanguage(next ?? browserLanguage()).then(
      () => {
        rememberLanguage(next);
        setChoice(next);
        setStatus('idle');
      },
      () => setStatus('failed'),
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label={t('selectLabel')}
        className="sm:max-w-xs"
        value={choice ?? FOLLOW_BROWSER}
        aria-busy={status === 'switching' || undefined}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={FOLLOW_BROWSER}>
          {t('followBrowser', { language: LOCALE_NAMES[browserLanguage()] })}
        </option>
        {LOCALES.map((candidate) => (
          // Each language in its own name and marked as such, so a screen reader pronounces it.
          <option key={candidate} value={candidate} lang={candidate}>
            {LOCALE_NAMES[candidate]}
          </option>
        ))}
      </SelectField>
      <p role="status" className="min-h-5 text-sm text-slate-700 dark:text-slate-300">
        {status === 'switching' && t('switching')}
        {status === 'failed' && t('switchFailed')}
      </p>
    </div>
  );
}
