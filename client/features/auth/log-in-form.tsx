import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { checkLogIn, loadAuthChecks } from './auth-checks';
import { authMessages } from './auth.messages';
import { useLogIn, useLogInPasskey } from './auth.queries';
import { useFieldErrorText } from './field-error-text';
import { PasskeyButton } from './passkey-button';
import { loadTwoFactorStep } from './lazy-parts';

const TwoFactorStep = lazy(() => loadTwoFactorStep().then((module) => ({ default: module.TwoFactorStep })));

export function LogInForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const t = useT(authMessages);
  const fieldErrorText = useFieldErrorText();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const logIn = useLogIn();
  const passkey = useLogInPasskey();
  const error = logIn.error ?? passkey.error;
  const formRef = useRef<HTMLFormElement>(null);
  const challenge = logIn.data?.twoFactorChallenge ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await checkLogIn({ login, password });
    const { fieldErrors: errors } = checked;
    if (errors) {
      // The check resolved outside the submit event, so React would render later than the focus
      // moves; render now so the first invalid field is marked when focus looks for it.
      flushSync(() => setFieldErrors(errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setFieldErrors({});
    passkey.reset();
    logIn.mutate(checked.data, { onSuccess: (answer) => answer.user && onLoggedIn() });
  };

  if (challenge)
    return (
      <Suspense fallback={<p className="text-slate-700 dark:text-slate-300">{t('oneMoment')}</p>}>
        <TwoFactorStep
          challenge={challenge}
          passkey={logIn.data?.secondStepPasskey ?? false}
          onLoggedIn={onLoggedIn}
          onRestart={() => logIn.reset()}
        />
      </Suspense>
    );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadAuthChecks().catch(() => undefined)}
      className="flex flex-col gap-5"
    >
      {error && <Alert>{userMessageOf(error)}</Alert>}
      <TextField
        label={t('loginLabel')}
        name="login"
        autoComplete="username"
        spellCheck={false}
        value={login}
        onChange={(event) => setLogin(event.target.value)}
        error={fieldErrorText(fieldErrors.login)}
      />
      <TextField
        label={t('passwordLabel')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrorText(fieldErrors.password)}
        extra={
          <Link
            to="/forgot-password"
            className="-my-1.5 self-end py-1.5 text-sm font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            {t('forgotPassword')}
          </Link>
        }
      />
      <Button type="submit" isBusy={logIn.isPending} className="mt-1 w-full">
        {t('logIn')}
      </Button>
      <PasskeyButton
        isBusy={passkey.isPending}
        onClick={() => {
          logIn.reset();
          passkey.mutate(null, { onSuccess: onLoggedIn });
        }}
      >
        {t('usePasskey')}
      </PasskeyButton>
    </form>
  );
}
