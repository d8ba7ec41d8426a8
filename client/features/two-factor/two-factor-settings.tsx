import { type FormEvent, useState } from 'react';
import { messagesFor } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { RecoveryCodes } from './recovery-codes';
import {
  useDisableTwoFactor,
  useEnableTotp,
  useRenewRecoveryCodes,
  useSetupTotp,
  useTwoFactorStatus,
} from './two-factor.queries';

/** Settings → Two-factor sign-in: set up an authenticator app, or manage the one in use. */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  if (shownCodes) return <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(null)} />;
  if (!status.data) return <p className="text-slate-600 dark:text-slate-400">Loading…</p>;
  return status.data.totpEnabled ? (
    <ManageTwoFactor codesLeft={status.data.recoveryCodesLeft} onNewCodes={setShownCodes} />
  ) : (
    <SetUpTotp onEnabled={setShownCodes} />
  );
}

function SetUpTotp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  if (!setup.data) {
    const errors = messagesFor(setup.error, 'currentPassword');
    return (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setup.mutate({ currentPassword: password });
        }}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Off. With it on, logging in also asks for a code from an authenticator app on your phone.
        </p>
        {errors.form && <Alert>{errors.form}</Alert>}
        <CurrentPasswordField
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.field}
        />
        <div>
          <Button type="submit" isBusy={setup.isPending}>
            Set up an authenticator app
          </Button>
        </div>
      </form>
    );
  }

  const errors = messagesFor(enable.error, 'code');
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        enable.mutate(code, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) });
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Scan this code with your authenticator app, then enter the six digits it shows.
      </p>
      <img
        src={setup.data.qrCode}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="size-48 rounded-lg bg-white p-2"
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Cannot scan? Enter this key instead:{' '}
        <code className="font-mono break-all text-slate-900 dark:text-slate-100" data-testid="totp-secret">
          {setup.data.secret}
        </code>
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      <TextField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.field}
      />
      <div>
        <Button type="submit" isBusy={enable.isPending}>
          Turn on two-factor sign-in
        </Button>
      </div>
    </form>
  );
}

function ManageTwoFactor({
  codesLeft,
  onNewCodes,
}: {
  codesLeft: number;
  onNewCodes: (codes: string[]) => void;
}) {
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [code, setCode] = useState('');
  const errors = messagesFor(disable.error ?? renew.error, 'code');
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        On: logging in asks for a code from your authenticator app. {codesLeft} recovery{' '}
        {codesLeft === 1 ? 'code is' : 'codes are'} left.
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      <TextField
        label="Current code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.field}
        hint="From the app (or, to turn it off, a recovery code): changes here need a current one."
      />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          isBusy={renew.isPending}
          onClick={() => {
            disable.reset();
            renew.mutate(code, { onSuccess: ({ recoveryCodes }) => onNewCodes(recoveryCodes) });
          }}
        >
          New recovery codes
        </Button>
        <Button
          variant="secondary"
          isBusy={disable.isPending}
          onClick={() => {
            renew.reset();
            disable.mutate(code, { onSuccess: () => setCode('') });
          }}
        >
          Turn off two-factor sign-in
        </Button>
      </div>
    </form>
  );
}
