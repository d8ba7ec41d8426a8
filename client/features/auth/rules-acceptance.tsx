import { useId } from 'react';
import { useT } from '../../i18n';
import { authMessages } from './auth.messages';

/** The instance's rules at sign-up, and the checkbox that accepts them. */
export function RulesAcceptance({
  instanceName,
  rules,
  isAccepted,
  onChange,
  error,
}: {
  instanceName: string;
  rules: readonly string[];
  isAccepted: boolean;
  onChange: (isAccepted: boolean) => void;
  error: string | undefined;
}) {
  const t = useT(authMessages);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-semibold [overflow-wrap:anywhere]">
        {t('rulesTitle', { instance: instanceName })}
      </h2>
      <ol className="ml-5 flex list-decimal flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
        {rules.map((rule, index) => (
          // Rules are plain text and may repeat; their order is their identity.
          <li key={index} className="[overflow-wrap:anywhere]">
            {rule}
          </li>
        ))}
      </ol>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          name="acceptRules"
          checked={isAccepted}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="size-5 shrink-0 accent-primary-600"
        />
        {t('acceptRules')}
      </label>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
