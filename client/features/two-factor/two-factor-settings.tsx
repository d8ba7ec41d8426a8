import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n';
import { messagesFor } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { useFieldErrorText } from '../auth';
import { RecoveryCodes } from './recovery-codes';
import {
  useDisableTwoFactor,
  useEnableTotp,
  useRenewRecoveryCodes,
  useSetupTotp,
  useTwoFactorStatus,
} from './two-factor.queries';
import { twoFactorMessages } from './two-factor.messages';

/** Settings → Two-factor sign-in: set up an authenticator app, or manage the one in use. */
export function TwoFactorSettings() {
  const t = useT(twoFactorMessages);
  const status = useTwoFactorStatus();
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  if (shownCodes) return <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(null)} />;
  if (!status.data) return <p className="text-slate-600 dark:text-slate-400">{t('loading')}</p>;
  return status.data.totpEnabled ? (
    <ManageTwoFactor codesLeft={status.data.recoveryCodesLeft} onNewCodes={setShownCodes} />
  ) : (
    <SetUpTotp onEnabled={setShownCodes} />
  );
}

function SetUpTotp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const t = useT(twoFactorMessages);
  const fieldErrorText = useFieldErrorText();
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
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('offText')}</p>
        {errors.form && <Alert>{errors.form}</Alert>}
        <CurrentPasswordField
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrorText(errors.field)}
        />
        <div>
          <Button type="submit" isBusy={setup.isPending}>
            {t('setUpApp')}
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
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('scanText')}</p>
      <img
        src={setup.data.qrCode}
        alt={t('qrCodeAlt')}
        width={192}
        height={192}
        className="size-48 rounded-lg bg-white p-2"
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t.rich('manualKey', {
          key: (
            <code
              className="font-mono break-all text-slate-900 dark:text-slate-100"
              data-testid="totp-secret"
            >
              {setup.data.secret}
            </code>
          ),
        })}
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      <TextField
        label={t('codeFromAppLabel')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldErrorText(errors.field)}
      />
      <div>
        <Button type="submit" isBusy={enable.isPending}>
          {t('turnOn')}
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
  const t = useT(twoFactorMessages);
  const fieldErrorText = useFieldErrorText();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [code, setCode] = useState('');
  const errors = messagesFor(disable.error ?? renew.error, 'code');
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('onText', { count: codesLeft })}</p>
      {errors.form && <Alert>{errors.form}</Alert>}
      <TextField
        label={t('currentCodeLabel')}
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldErrorText(errors.field)}
        hint={t('currentCodeHint')}
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
          {t('newRecoveryCodes')}
        </Button>
        <Button
          variant="secondary"
          isBusy={disable.isPending}
          onClick={() => {
            renew.reset();
            disable.mutate(code, { onSuccess: () => setCode('') });
          }}
        >
          {t('turnOff')}
        </Button>
      </div>
    </form>
  );
}
