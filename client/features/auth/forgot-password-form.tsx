import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkPasswordResetRequest, loadAuthChecks } from './auth-checks';
import { forgotPasswordMessages } from './forgot-password.messages';
import { useRequestPasswordReset } from './auth.queries';
import { EmailSuggestion } from './email-suggestion';
import { useFieldErrorText } from './field-error-text';
import { useEmailSuggestion } from './use-email-suggestion';

/**
 * Asks for a reset link. The answer is the same whether or not an account uses the address, so
 * the confirmation says "if": the page must not reveal who has an account either.
 */
export function ForgotPasswordForm() {
  const t = useT(forgotPasswordMessages);
  const fieldErrorText = useFieldErrorText();
  const [email, setEmail] = useState('');
  const [hasLeftEmail, setHasLeftEmail] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const suggestion = useEmailSuggestion(email, hasLeftEmail, null);
  const request = useRequestPasswordReset();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await checkPasswordResetRequest({ email });
    if (checked.fieldErrors) {
      flushSync(() => setFieldError(checked.fieldErrors.email));
      focusFirstInvalid(formRef.current);
      return;
    }
    setFieldError(undefined);
    request.mutate(checked.data, { onSuccess: () => setSentTo(checked.data.email) });
  };

  if (sentTo !== null) {
    return (
      <div role="status" className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
        <p className="font-semibold">{t('resetSentTitle')}</p>
        <p>{t.rich('resetSentText', { email: <span className="font-medium break-all">{sentTo}</span> })}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('resetSentHelp')}</p>
        <Button type="button" variant="secondary" className="mt-2 self-start" onClick={() => setSentTo(null)}>
          {t('useAnotherAddress')}
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadAuthChecks().catch(() => undefined)}
      className="flex flex-col gap-5"
    >
      {request.error && <Alert>{userMessageOf(request.error)}</Alert>}
      <TextField
        label={t('emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setHasLeftEmail(true)}
        error={fieldErrorText(fieldError)}
        extra={<EmailSuggestion suggestion={suggestion} onApply={setEmail} />}
      />
      <Button type="submit" isBusy={request.isPending} className="mt-1 w-full">
        {t('sendResetLink')}
      </Button>
    </form>
  );
}
