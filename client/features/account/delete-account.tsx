import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccountRequestSchema, fieldErrorsFrom } from '../../../common/contracts/auth';
import { useT } from '../../i18n';
import { ApiError, userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/text-field';
import { useFieldErrorText } from '../auth';
import { drafts } from '../composer';
import { accountMessages } from './account.messages';
import { useDeleteAccount } from './account.queries';

/** Two steps: the password, then a confirmation that says what goes. */
export function DeleteAccount({ handle }: { handle: string }) {
  const t = useT(accountMessages);
  const fieldErrorText = useFieldErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isConfirming, setIsConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After the dialog has closed (and given focus back to its opener), the field to fix takes it.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }, [focusRequest]);
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteAccountRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setError(fieldErrorsFrom(parsed.error).password);
      setFocusRequest((n) => n + 1);
      return;
    }
    setIsConfirming(true);
  };

  const confirm = () => {
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          drafts.clearAll();
          void navigate('/', { replace: true });
        },
        onError: (failure) => {
          setIsConfirming(false);
          setError(
            failure instanceof ApiError
              ? (failure.fields.password ?? failure.message)
              : userMessageOf(failure),
          );
          setFocusRequest((n) => n + 1);
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={ask} className="flex flex-col gap-4">
      {remove.isError && !error && <Alert>{userMessageOf(remove.error)}</Alert>}
      <TextField
        label={t('passwordLabel')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
        }}
        error={fieldErrorText(error)}
      />
      <div>
        <Button type="submit" className="bg-red-700 text-white hover:bg-red-800">
          {t('deleteAccountButton')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('deleteTitle', { handle })}
        confirmLabel={t('deleteConfirm')}
        isBusy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </form>
  );
}
