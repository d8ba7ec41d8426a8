import type { MailSuggestion } from '../../../common/email-suggestions/mailcheck';
import { useT } from '../../i18n';
import { authMessages } from './auth.messages';

export interface EmailSuggestionProps {
  suggestion: MailSuggestion | null;
  onApply: (full: string) => void;
}

/**
 * "Did you mean …?" under the e-mail field. It is a button, so a click or Enter applies it; the
 * region is polite-live so screen readers hear it appear. It never blocks submitting.
 */
export function EmailSuggestion({ suggestion, onApply }: EmailSuggestionProps) {
  const t = useT(authMessages);
  return (
    <p aria-live="polite" className="min-h-0 text-sm text-slate-700 dark:text-slate-300">
      {suggestion &&
        t.rich('emailSuggestion', {
          suggestion: (
            <button
              type="button"
              onClick={() => onApply(suggestion.full)}
              className="rounded font-semibold text-primary-700 underline decoration-primary-300 underline-offset-2 hover:text-primary-800 dark:text-primary-300 dark:hover:text-primary-200"
            >
              {suggestion.address}@<strong>{suggestion.domain}</strong>
            </button>
          ),
        })}
    </p>
  );
}
