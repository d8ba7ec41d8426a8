import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SignUpRequest } from '../../../common/contracts/auth';
import { useT } from '../../i18n';
import { ApiError, userMessageOf } from '../../lib/api-client';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { SIGN_UP_REASON_MAX_LENGTH } from '../../../common/contracts/limits';
import { checkSignUp, loadAuthChecks } from './auth-checks';
import { signUpMessages } from './sign-up.messages';
import { useSignUp } from './auth.queries';
import { EmailSuggestion } from './email-suggestion';
import { useFieldErrorText } from './field-error-text';
import { RulesAcceptance } from './rules-acceptance';
import { useEmailSuggestion } from './use-email-suggestion';

type Fields = Pick<SignUpRequest, 'email' | 'handle' | 'displayName' | 'password'> & { reason: string };
const EMPTY: Fields = { email: '', handle: '', displayName: '', password: '', reason: '' };

/** What this instance asks of a new account besides the usual fields. */
export interface SignUpRules {
  instanceName: string;
  /** An invite link's code: it lets the person in whatever the mode. */
  inviteCode: string;
  /** The applicant says why they want to join, and waits for an admin. */
  needsReason: boolean;
  /** Shown above the button, and accepted with a checkbox. */
  rules: readonly string[];
}

export function SignUpForm({
  rules: signUpRules,
  onSignedUp,
  onApplied,
}: {
  rules: SignUpRules;
  onSignedUp: () => void;
  /** The account waits for an admin's approval: no session yet. */
  onApplied: (account: { displayName: string; email: string }) => void;
}) {
  const t = useT(signUpMessages);
  const fieldErrorText = useFieldErrorText();
  const { instanceName, inviteCode, needsReason, rules } = signUpRules;
  const [values, setValues] = useState<Fields>(EMPTY);
  const [hasAcceptedRules, setHasAcceptedRules] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [hasLeftEmail, setHasLeftEmail] = useState(false);
  const signUp = useSignUp();
  const formRef = useRef<HTMLFormElement>(null);
  const suggestion = useEmailSuggestion(values.email, hasLeftEmail, null);

  const update = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { reason, ...account } = values;
    const checked = await checkSignUp({
      ...account,
      ...(inviteCode ? { inviteCode } : {}),
      ...(needsReason ? { reason } : {}),
      ...(rules.length > 0 ? { acceptRules: hasAcceptedRules } : {}),
    });
    const { fieldErrors: errors } = checked;
    if (errors) {
      // The check resolved outside the submit event, so React would render later than the focus
      // moves; render now so the first invalid field is marked when focus looks for it.
      flushSync(() => setFieldErrors(errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    signUp.mutate(checked.data, {
      onSuccess: (answer) =>
        answer.pendingApproval
          ? onApplied({ displayName: values.displayName, email: values.email })
          : onSignedUp(),
      onError: (error) => {
        flushSync(() => setFieldErrors(error instanceof ApiError ? error.fields : {}));
        focusFirstInvalid(formRef.current);
      },
    });
  };

  const formError =
    signUp.error && Object.keys(fieldErrors).length === 0 ? userMessageOf(signUp.error) : null;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadAuthChecks().catch(() => undefined)}
      className="flex flex-col gap-5"
    >
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label={t('emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={values.email}
        onChange={update('email')}
        onBlur={() => setHasLeftEmail(true)}
        error={fieldErrorText(fieldErrors.email)}
        extra={
          <EmailSuggestion
            suggestion={suggestion}
            onApply={(full) => setValues((v) => ({ ...v, email: full }))}
          />
        }
      />
      <TextField
        label={t('handleLabel')}
        name="handle"
        autoComplete="username"
        spellCheck={false}
        value={values.handle}
        onChange={update('handle')}
        error={fieldErrorText(fieldErrors.handle)}
        hint={t('handleHint')}
      />
      <TextField
        label={t('displayNameLabel')}
        name="displayName"
        autoComplete="name"
        value={values.displayName}
        onChange={update('displayName')}
        error={fieldErrorText(fieldErrors.displayName)}
      />
      <TextField
        label={t('passwordLabel')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update('password')}
        error={fieldErrorText(fieldErrors.password)}
        hint={t('signUpPasswordHint')}
      />
      {needsReason && (
        <TextArea
          label={t('reasonLabel')}
          name="reason"
          value={values.reason}
          onChange={update('reason')}
          error={fieldErrorText(fieldErrors.reason)}
          maxLength={SIGN_UP_REASON_MAX_LENGTH}
          hint={t('reasonHint')}
        />
      )}
      {rules.length > 0 && (
        <RulesAcceptance
          instanceName={instanceName}
          rules={rules}
          isAccepted={hasAcceptedRules}
          onChange={(isAccepted) => {
            setHasAcceptedRules(isAccepted);
            setFieldErrors(({ acceptRules: _cleared, ...rest }) => rest);
          }}
          error={fieldErrorText(fieldErrors.acceptRules)}
        />
      )}
      {fieldErrors.inviteCode && <Alert>{fieldErrorText(fieldErrors.inviteCode)}</Alert>}
      <Button type="submit" isBusy={signUp.isPending} className="mt-1 w-full">
        {needsReason ? t('applyToJoin') : t('createAccount')}
      </Button>
    </form>
  );
}
