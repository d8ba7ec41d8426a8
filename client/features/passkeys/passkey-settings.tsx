import { type FormEvent, useState } from 'react';
import { PASSKEYS_PER_ACCOUNT_MAX } from '../../../common/contracts/limits';
import type { Passkey } from '../../../common/contracts/passkeys';
import { useT } from '../../i18n';
import { messagesFor, userMessageOf } from '../../lib/api-client';
import { browserHasPasskeys } from '../../lib/webauthn';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { useFieldErrorText } from '../auth';
import { PasskeyList } from './passkey-list';
import { passkeysMessages } from './passkeys.messages';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './passkeys.queries';

/** Settings → Passkeys: the account's passkeys, one more added, one removed (each with the password). */
export function PasskeySettings() {
  const t = useT(passkeysMessages);
  const passkeys = usePasskeys();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  if (passkeys.isPending) return <p className="text-slate-600 dark:text-slate-400">{t('loading')}</p>;
  if (passkeys.isError) return <Alert>{userMessageOf(passkeys.error)}</Alert>;
  const list = passkeys.data.passkeys;
  return (
    <div className="flex flex-col gap-4">
      <PasskeyList passkeys={list} onRemove={setRemoving} />
      {removing ? (
        <RemovePasskey key={removing.id} passkey={removing} onDone={() => setRemoving(null)} />
      ) : list.length >= PASSKEYS_PER_ACCOUNT_MAX ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('limitReached', { max: PASSKEYS_PER_ACCOUNT_MAX })}
        </p>
      ) : browserHasPasskeys() ? (
        <AddPasskey />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('browserCannot')}</p>
      )}
    </div>
  );
}

function AddPasskey() {
  const t = useT(passkeysMessages);
  const fieldErrorText = useFieldErrorText();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const nameErrors = messagesFor(add.error, 'name');
  const passwordErrors = messagesFor(add.error, 'currentPassword');
  const formError = nameErrors.field ? undefined : passwordErrors.form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        add.mutate(
          { name, currentPassword: password },
          {
            onSuccess: () => {
              setName('');
              setPassword('');
            },
          },
        );
      }}
    >
      {formError && <Alert>{formError}</Alert>}
      {add.isSuccess && (
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {t('added')}
        </p>
      )}
      <TextField
        label={t('nameLabel')}
        name="passkeyName"
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrorText(nameErrors.field)}
        hint={t('nameHint')}
      />
      <CurrentPasswordField
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrorText(passwordErrors.field)}
      />
      <div>
        <Button type="submit" isBusy={add.isPending}>
          {t('addPasskey')}
        </Button>
      </div>
    </form>
  );
}

function RemovePasskey({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const t = useT(passkeysMessages);
  const fieldErrorText = useFieldErrorText();
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const errors = messagesFor(remove.error, 'currentPassword');
  return (
    <form
      noValidate
      aria-label={t('removeLabel', { name: passkey.name })}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        remove.mutate({ id: passkey.id, currentPassword: password }, { onSuccess: onDone });
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('removeQuestion', { name: passkey.name })}
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      {/* The form opens from a Remove button: focus follows it, so the keyboard is not lost. */}
      <CurrentPasswordField
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrorText(errors.field)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isBusy={remove.isPending}>
          {t('removePasskey')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
