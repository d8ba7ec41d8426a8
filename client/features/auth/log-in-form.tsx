import { type FormEvent, useRef, useState } from 'react';
import { fieldErrorsFrom, logInRequestSchema } from '../../../common/contracts/auth';
import { userMessageOf } from '../../lib/api-client';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useLogIn } from './auth.queries';

export function LogInForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const logIn = useLogIn();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = logInRequestSchema.safeParse({ login, password });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setFieldErrors({});
    logIn.mutate(parsed.data, { onSuccess: onLoggedIn });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
      {logIn.error && <Alert>{userMessageOf(logIn.error)}</Alert>}
      <TextField
        label="E-mail or handle"
        name="login"
        autoComplete="username"
        spellCheck={false}
        value={login}
        onChange={(event) => setLogin(event.target.value)}
        error={fieldErrors.login}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <Button type="submit" isBusy={logIn.isPending} className="mt-1 w-full">
        Log in
      </Button>
    </form>
  );
}
