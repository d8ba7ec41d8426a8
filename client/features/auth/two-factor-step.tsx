import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n';
import { ApiError, userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { twoFactorStepMessages } from './two-factor-step.messages';
import { useLogInPasskey, useLogInTwoFactor } from './auth.queries';
import { useFieldErrorText } from './field-error-text';
import { PasskeyButton } from './passkey-button';

/** The second step of logging in: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({
  challenge,
  passkey,
  onLoggedIn,
  onRestart,
}: {
  challenge: string;
  /** The account has a passkey, which can answer this step instead of a code. */
  passkey: boolean;
  onLoggedIn: () => void;
  /** Back to the password: the challenge ran out, or the person wants to start again. */
  onRestart: () => void;
}) {
  const t = useT(twoFactorStepMessages);
  const fieldErrorText = useFieldErrorText();
  const [code, setCode] = useState('');
  const verify = useLogInTwoFactor();
  const withPasskey = useLogInPasskey();
  const error = verify.error ?? withPasskey.error;
  const fieldError = error instanceof ApiError ? error.fields.code : undefined;
  const isExpired = error instanceof ApiError && error.code === 'two_factor_challenge_invalid';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    withPasskey.reset();
    verify.mutate({ challenge, code }, { onSuccess: onLoggedIn });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-slate-700 dark:text-slate-300">
        {passkey ? t('secondStepIntroWithPasskey') : t('secondStepIntro')}
      </p>
      {error && !fieldError && (
        <Alert>
          {userMessageOf(error)}
          {isExpired && (
            <>
              {' '}
              <button type="button" onClick={onRestart} className="font-semibold underline">
                {t('logInAgain')}
              </button>
            </>
          )}
        </Alert>
      )}
      <TextField
        label={t('codeLabel')}
        name="code"
        autoComplete="one-time-code"
        spellCheck={false}
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldErrorText(fieldError)}
        hint={t('codeHint')}
      />
      <Button type="submit" isBusy={verify.isPending} className="mt-1 w-full">
        {t('verify')}
      </Button>
      {passkey && (
        <PasskeyButton
          isBusy={withPasskey.isPending}
          onClick={() => {
            verify.reset();
            withPasskey.mutate(challenge, { onSuccess: onLoggedIn });
          }}
        >
          {t('usePasskeyInstead')}
        </PasskeyButton>
      )}
      <Button variant="ghost" onClick={onRestart}>
        {t('useAnotherAccount')}
      </Button>
    </form>
  );
}
