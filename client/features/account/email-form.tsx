import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { changeEmailRequestSchema, type CurrentUser } from '../../../common/contracts/auth';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { EmailSuggestion, ResendConfirmation, useEmailSuggestion } from '../auth';
import { useChangeEmail } from './account.queries';
import { SavedNote } from './settings-section';
import { useSettingsForm } from './use-settings-form';

export function EmailForm({ user }: { user: CurrentUser }) {
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
        label="E-mail"
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
        error={fieldErrors.email}
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
        error={fieldErrors.currentPassword}
      />
      <div className="flex items-center gap-4">
        <Button type="submit" isBusy={change.isPending}>
          Change e-mail
        </Button>
        <SavedNote message={isSaved ? savedMessage(user) : null} />
      </div>
    </form>
  );
}

function savedMessage(user: CurrentUser): string {
  return user.pendingEmail ? `Check ${user.pendingEmail} for the link.` : 'E-mail address changed.';
}

/** Whether the address is confirmed, or which new one waits for its link; with a way to resend it. */
export function EmailStatus({ user }: { user: CurrentUser }) {
  if (user.pendingEmail) {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-800 dark:bg-amber-950 dark:text-slate-100">
        <p className="[overflow-wrap:anywhere]">
          We sent a link to <strong>{user.pendingEmail}</strong>. Your address changes to it once you open the
          link; until then we keep using {user.email}.
        </p>
        <ResendConfirmation label="Send it again" />
      </div>
    );
  }
  if (!user.emailConfirmed) {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-800 dark:bg-amber-950 dark:text-slate-100">
        <p className="[overflow-wrap:anywhere]">
          {user.email} is not confirmed yet.{user.canPost ? '' : ' Confirm it to post.'}
        </p>
        <ResendConfirmation label="Send a confirmation link" />
      </div>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-green-700 dark:text-green-400" />
      <span className="[overflow-wrap:anywhere]">{user.email} is confirmed.</span>
    </p>
  );
}
