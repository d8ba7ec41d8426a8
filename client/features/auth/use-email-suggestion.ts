import { useMemo } from 'react';
import { Mailcheck, type MailSuggestion } from '../../../common/email-suggestions/mailcheck';

/** The typo suggestion for an address, once the person has left the field at least once. */
export function useEmailSuggestion(
  email: string,
  hasLeftField: boolean,
  dismissed: string | null,
): MailSuggestion | null {
  return useMemo(() => {
    if (!hasLeftField || email.trim() === '') return null;
    const suggestion = Mailcheck.run({ email: email.trim() }) ?? null;
    return suggestion && suggestion.full !== dismissed ? suggestion : null;
  }, [email, hasLeftField, dismissed]);
}
