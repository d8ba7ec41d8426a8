import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { changeEmailRequestSchema, type CurrentUser } from '../../../common/contracts/auth';
import { type Translate, useT } from '../../i18n';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { EmailSuggestion, ResendConfirmation, useEmailSuggestion, useFieldErrorText } from '../auth';
import { accountMessages, type AccountMessageKey } from './account.messages';
import { useChangeEmail } from './account.queries';
import { SavedNote } from './settings-section';
import { useSettingsForm } from './use-settings-form';

export function EmailForm({ user }: { user: CurrentUser }) {
  const t = useT(accountMessages);
  const fieldErrorText = useFieldErrorText();
  const [isSaved, setIsSaved] = useState(false);
  const [hasLeftEmail, setHasLeftEmail] = useState(false);
  const change = useChangeEmail();
  const { values, setValues, fieldErrors, formError, update, submit, formRef } = useSettingsForm(
    { email: user.email, currentPassword: '' },
    changeEmailRequestSchema,
    change,
    () => setIsSaved(true),
    ['currentPassword'],
  );
  const suggestion = useEmailSuggestion(values.email, hasLeftEmail, null);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label={t('emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={values.email}
        onChange={(event) => {
          setIsSaved(false);
          update('email')(event);
        }}
        onBlur={() => setHasLeftEmail(true)}
        error={fieldErrorText(fieldErrors.email)}
        extra={
          <EmailSuggestion
            suggestion={suggestion}
            onApply={(full) => setValues((current) => ({ ...current, email: full }))}
          />
        }
      />
      <CurrentPasswordField
        value={values.currentPassword}
        onChange={update('currentPassword')}
        error={fieldErrorText(fieldErrors.currentPassword)}
      />
      <div className="flex items-center gap-4">
        <Button type="submit" isBusy={change.isPending}>
          {t('changeEmail')}
        </Button>
        <SavedNote message={isSaved ? savedMessage(t, user) : null} />
      </div>
    </form>
  );
}

function savedMessage(t: Translate<AccountMessageKey>, user: CurrentUser): string {
  return user.pendingEmail ? t('checkNewAddress', { email: user.pendingEmail }) : t('emailChanged');
}

/** Whether the address is confirmed, or which new one waits for its link; with a way to resend it. */
export function EmailStatus({ user }: { user: CurrentUser }) {
  const t = useT(accountMessages);
  if (user.pendingEmail) {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-800 dark:bg-amber-950 dark:text-slate-100">
        <p className="[overflow-wrap:anywhere]">
          {t.rich('pendingEmailText', { pending: <strong>{user.pendingEmail}</strong>, current: user.email })}
        </p>
        <ResendConfirmation label={t('sendItAgain')} />
      </div>
    );
  }
  if (!user.emailConfirmed) {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-800 dark:bg-amber-950 dark:text-slate-100">
        <p className="[overflow-wrap:anywhere]">
          {user.canPost
            ? t('emailNotConfirmed', { email: user.email })
            : t('emailNotConfirmedCannotPost', { email: user.email })}
        </p>
        <ResendConfirmation label={t('sendConfirmationLink')} />
      </div>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-green-700 dark:text-green-400" />
      <span className="[overflow-wrap:anywhere]">{t('emailConfirmed', { email: user.email })}</span>
    </p>
  );
}
