import { type FormEvent, useState } from 'react';
import { PASSKEYS_PER_ACCOUNT_MAX } from '../../../common/contracts/limits';
import type { Passkey } from '../../../common/contracts/passkeys';
import { messagesFor, userMessageOf } from '../../lib/api-client';
import { browserHasPasskeys } from '../../lib/webauthn';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { PasskeyList } from './passkey-list';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './passkeys.queries';

/** Settings → Passkeys: the account's passkeys, one more added, one removed (each with the password). */
export function PasskeySettings() {
  const passkeys = usePasskeys();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  if (passkeys.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading passkeys…</p>;
  if (passkeys.isError) return <Alert>{userMessageOf(passkeys.error)}</Alert>;
  const list = passkeys.data.passkeys;
  return (
    <div className="flex flex-col gap-4">
      <PasskeyList passkeys={list} onRemove={setRemoving} />
      {removing ? (
        <RemovePasskey key={removing.id} passkey={removing} onDone={() => setRemoving(null)} />
      ) : list.length >= PASSKEYS_PER_ACCOUNT_MAX ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This account holds as many passkeys as it can ({PASSKEYS_PER_ACCOUNT_MAX}). Remove one to add
          another.
        </p>
      ) : browserHasPasskeys() ? (
        <AddPasskey />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">This browser cannot make passkeys.</p>
      )}
    </div>
  );
}

function AddPasskey() {
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
          Passkey added. Next time, choose &ldquo;Use a passkey&rdquo; on the log-in page.
        </p>
      )}
      <TextField
        label="Name of the new passkey"
        name="passkeyName"
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameErrors.field}
        hint="Something to tell it apart later, like “Phone” or “Work laptop”."
      />
      <CurrentPasswordField
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordErrors.field}
      />
      <div>
        <Button type="submit" isBusy={add.isPending}>
          Add a passkey
        </Button>
      </div>
    </form>
  );
}

function RemovePasskey({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const errors = messagesFor(remove.error, 'currentPassword');
  return (
    <form
      noValidate
      aria-label={`Remove ${passkey.name}`}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        remove.mutate({ id: passkey.id, currentPassword: password }, { onSuccess: onDone });
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Remove &ldquo;{passkey.name}&rdquo;? It will no longer log you in.
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      {/* The form opens from a Remove button: focus follows it, so the keyboard is not lost. */}
      <CurrentPasswordField
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.field}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isBusy={remove.isPending}>
          Remove passkey
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
