import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { ApiError, userMessageOf } from '../../lib/api-client';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkPasswordReset, loadAuthChecks } from './auth-checks';
import { resetPasswordMessages } from './reset-password.messages';
import { useResetPassword } from './auth.queries';
import { useFieldErrorText } from './field-error-text';

const LINK_CLASS = 'font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300';

/** The token from the e-mailed link, which carries it in the fragment (#token=…). */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useT(resetPasswordMessages);
  const fieldErrorText = useFieldErrorText();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const reset = useResetPassword();
  const formRef = useRef<HTMLFormElement>(null);

  if (token === '') {
    return (
      <Alert>
        {t('resetNoLink')}{' '}
        <Link to="/forgot-password" className={LINK_CLASS}>
          {t('askForNewLink')}
        </Link>
      </Alert>
    );
  }

  if (reset.isSuccess) {
    return (
      <div role="status" className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
        <p className="font-semibold">{t('passwordChanged')}</p>
        <p>{t('everyDeviceLoggedOut')}</p>
        <Link
          to="/login"
          className="mt-2 inline-flex items-center justify-center rounded-lg bg-primary-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-700"
        >
          {t('logInWithNewPassword')}
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await checkPasswordReset({ token, password });
    if (checked.fieldErrors) {
      flushSync(() => setFieldError(checked.fieldErrors.password ?? checked.fieldErrors.token));
      focusFirstInvalid(formRef.current);
      return;
    }
    setFieldError(undefined);
    reset.mutate(checked.data);
  };

  const isLinkDead = reset.error instanceof ApiError && reset.error.code === 'reset_link_invalid';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadAuthChecks().catch(() => undefined)}
      className="flex flex-col gap-5"
    >
      {reset.error && (
        <Alert>
          {userMessageOf(reset.error)}
          {isLinkDead && (
            <>
              {' '}
              <Link to="/forgot-password" className={LINK_CLASS}>
                {t('askForNewLink')}
              </Link>
            </>
          )}
        </Alert>
      )}
      <TextField
        label={t('newPasswordLabel')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrorText(fieldError)}
        hint={t('newPasswordHint')}
      />
      <Button type="submit" isBusy={reset.isPending} className="mt-1 w-full">
        {t('setNewPassword')}
      </Button>
    </form>
  );
}
