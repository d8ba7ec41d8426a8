import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import {
  type InstanceSettings,
  instanceSettingsSchema,
  REGISTRATION_MODES,
  type RegistrationMode,
} from '../../../common/contracts/instance';
import {
  INSTANCE_DESCRIPTION_MAX_LENGTH,
  INSTANCE_NAME_MAX_LENGTH,
  INSTANCE_RULE_MAX_LENGTH,
  INSTANCE_RULES_MAX_COUNT,
} from '../../../common/contracts/limits';
import { type Translate, useT } from '../../i18n';
import { ApiError, userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SkeletonPosts } from '../../ui/skeleton';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { SettingsSection } from '../account';
import { useInstanceSettings, useUpdateInstanceSettings } from './instance-admin.queries';
import { instanceAdminMessages } from './instance-admin.messages';

type InstanceAdminKey = keyof typeof instanceAdminMessages.source;
type T = Translate<InstanceAdminKey>;

const MODE_CHOICES = {
  open: { label: 'modeOpenLabel', explanation: 'modeOpenExplanation' },
  approval: { label: 'modeApprovalLabel', explanation: 'modeApprovalExplanation' },
  invite: { label: 'modeInviteLabel', explanation: 'modeInviteExplanation' },
  closed: { label: 'modeClosedLabel', explanation: 'modeClosedExplanation' },
} as const satisfies Record<RegistrationMode, { label: InstanceAdminKey; explanation: InstanceAdminKey }>;

/** The form's own state: the rules are edited as one text, a line each. */
interface Fields {
  name: string;
  description: string;
  rules: string;
  contactEmail: string;
  registrationMode: RegistrationMode;
  membersCanInvite: boolean;
}

type FieldName = keyof Fields;

const FIELD_NAMES: readonly FieldName[] = [
  'name',
  'description',
  'rules',
  'contactEmail',
  'registrationMode',
  'membersCanInvite',
];

function fieldsOf(settings: InstanceSettings): Fields {
  return { ...settings, rules: settings.rules.join('\n') };
}

/** Blank lines are spacing the admin typed for readability, not empty rules to refuse. */
function settingsOf(fields: Fields) {
  const rules = fields.rules
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return { ...fields, rules };
}

/**
 * The first message for each field of the form. A rule's message comes keyed `rules.N` (N counts
 * the rules sent, blank lines left out) and is shown under the one Rules box with its number.
 */
function errorsByField(errors: Record<string, string>, t: T): Partial<Record<FieldName, string>> {
  const byField: Partial<Record<FieldName, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const [field, index] = key.split('.');
    if (!FIELD_NAMES.includes(field as FieldName)) continue;
    const name = field as FieldName;
    const ruleNumber = name === 'rules' && index !== undefined ? Number(index) + 1 : null;
    byField[name] ??=
      ruleNumber === null || Number.isNaN(ruleNumber)
        ? message
        : t('ruleError', { number: ruleNumber, message });
  }
  return byField;
}

/**
 * The form's own check, in the reader's language. The shared schema words its refusals in English
 * for the server's answers; these say the same. Only values the form cannot produce (a mode or a
 * box it does not offer) keep the schema's words.
 */
function checkMessage(issue: z.core.$ZodIssue, t: T): string {
  if (issue.code === 'custom') return t('textInvalid');
  switch (issue.path[0]) {
    case 'name':
      if (issue.code === 'too_small') return t('nameRequired');
      if (issue.code === 'too_big') return t('nameTooLong', { max: INSTANCE_NAME_MAX_LENGTH });
      break;
    case 'description':
      if (issue.code === 'too_big') return t('descriptionTooLong', { max: INSTANCE_DESCRIPTION_MAX_LENGTH });
      break;
    case 'rules':
      if (issue.path.length === 1 && issue.code === 'too_big') {
        return t('tooManyRules', { max: INSTANCE_RULES_MAX_COUNT });
      }
      if (issue.code === 'too_big') return t('ruleTooLong', { max: INSTANCE_RULE_MAX_LENGTH });
      if (issue.code === 'too_small') return t('ruleEmpty');
      break;
    case 'contactEmail':
      if (issue.code === 'invalid_format') return t('contactEmailInvalid');
      if (issue.code === 'invalid_union') return t('contactEmailUnreadable');
      break;
  }
  return issue.message;
}

/** Each field's first refusal, keyed as the server keys them (`rules.2`). */
function checkErrorsOf(error: z.ZodError, t: T): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.')] ??= checkMessage(issue, t);
  return fields;
}

/** The instance's settings as the admin edits them; loads them first. */
export function InstanceSettingsForm() {
  const t = useT(instanceAdminMessages);
  const settings = useInstanceSettings();
  if (settings.isPending) return <SkeletonPosts />;
  if (!settings.data) {
    return (
      <div role="alert" className="text-slate-700 dark:text-slate-300">
        {userMessageOf(settings.error)}{' '}
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  return <SettingsEditor initial={settings.data} />;
}

function SettingsEditor({ initial }: { initial: InstanceSettings }) {
  const t = useT(instanceAdminMessages);
  const save = useUpdateInstanceSettings();
  const [values, setValues] = useState<Fields>(() => fieldsOf(initial));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const modeLegendId = useId();
  const membersHintId = useId();
  // Focus moves after React has rendered the new aria-invalid marks, never before.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const set = <K extends FieldName>(field: K, value: Fields[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setIsSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setIsSaved(false);
    const parsed = instanceSettingsSchema.safeParse(settingsOf(values));
    if (!parsed.success) {
      setErrors(errorsByField(checkErrorsOf(parsed.error, t), t));
      setFocusRequest((n) => n + 1);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ settings }) => {
        setErrors({});
        // The server's copy: trimmed, blank lines gone, as everyone will now see it.
        setValues(fieldsOf(settings));
        setIsSaved(true);
      },
      onError: (error) => {
        const fields = errorsByField(error instanceof ApiError ? error.fields : {}, t);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(userMessageOf(error));
        setFocusRequest((n) => n + 1);
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
      {formError && <Alert>{formError}</Alert>}
      <SettingsSection title={t('aboutSectionTitle')} description={t('aboutSectionDescription')}>
        <TextField
          label={t('nameLabel')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          hint={t('nameHint', { count: [...values.name].length, max: INSTANCE_NAME_MAX_LENGTH })}
        />
        <TextArea
          label={t('descriptionLabel')}
          name="description"
          rows={3}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          error={errors.description}
          hint={t('descriptionHint', {
            count: [...values.description].length,
            max: INSTANCE_DESCRIPTION_MAX_LENGTH,
          })}
        />
        <TextArea
          label={t('rulesLabel')}
          name="rules"
          rows={6}
          value={values.rules}
          onChange={(event) => set('rules', event.target.value)}
          error={errors.rules}
          hint={t('rulesHint', { maxRules: INSTANCE_RULES_MAX_COUNT, maxLength: INSTANCE_RULE_MAX_LENGTH })}
        />
        <TextField
          label={t('contactEmailLabel')}
          name="contactEmail"
          type="email"
          autoComplete="email"
          value={values.contactEmail}
          onChange={(event) => set('contactEmail', event.target.value)}
          error={errors.contactEmail}
          hint={t('contactEmailHint')}
        />
      </SettingsSection>
      <SettingsSection title={t('signUpsSectionTitle')}>
        <fieldset aria-describedby={errors.registrationMode ? `${modeLegendId}-error` : undefined}>
          <legend id={modeLegendId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('registrationModeLegend')}
          </legend>
          <div className="mt-2 flex flex-col gap-2">
            {REGISTRATION_MODES.map((mode, index) => (
              <ModeChoice
                key={mode}
                mode={mode}
                isChecked={values.registrationMode === mode}
                // The first choice carries the mark, so focus lands in the group on an error.
                isInvalid={Boolean(errors.registrationMode) && index === 0}
                onChoose={() => set('registrationMode', mode)}
              />
            ))}
          </div>
          {errors.registrationMode && (
            <p
              id={`${modeLegendId}-error`}
              className="mt-1 text-sm font-medium text-red-700 dark:text-red-400"
            >
              {errors.registrationMode}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              name="membersCanInvite"
              checked={values.membersCanInvite}
              onChange={(event) => set('membersCanInvite', event.target.checked)}
              aria-invalid={errors.membersCanInvite ? true : undefined}
              aria-describedby={
                [membersHintId, errors.membersCanInvite ? `${membersHintId}-error` : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              className="size-5 shrink-0 accent-primary-600"
            />
            {t('membersCanInviteLabel')}
          </label>
          <p id={membersHintId} className="text-sm text-slate-600 dark:text-slate-400">
            {t('membersCanInviteHint')}
          </p>
          {errors.membersCanInvite && (
            <p id={`${membersHintId}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.membersCanInvite}
            </p>
          )}
        </div>
      </SettingsSection>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" isBusy={save.isPending}>
          {t('saveButton')}
        </Button>
        {/* Always in the page: a live region added together with its text is often not read. */}
        <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
          {isSaved && t('settingsSaved')}
        </p>
      </div>
    </form>
  );
}

/**
 * One sign-up mode: the whole card is the click target, but the radio is named by the mode alone
 * and described by its explanation, so a screen reader says "Open, radio button" and then why.
 */
function ModeChoice({
  mode,
  isChecked,
  isInvalid,
  onChoose,
}: {
  mode: RegistrationMode;
  isChecked: boolean;
  isInvalid: boolean;
  onChoose: () => void;
}) {
  const t = useT(instanceAdminMessages);
  const id = useId();
  const { label, explanation } = MODE_CHOICES[mode];
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 has-checked:border-primary-500 has-checked:bg-primary-50 dark:border-slate-700 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950">
      <input
        type="radio"
        name="registrationMode"
        value={mode}
        checked={isChecked}
        onChange={onChoose}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-explanation`}
        aria-invalid={isInvalid || undefined}
        className="mt-0.5 size-5 shrink-0 accent-primary-600"
      />
      <span className="flex min-w-0 flex-col">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {t(label)}
        </span>
        <span id={`${id}-explanation`} className="text-sm text-slate-600 dark:text-slate-400">
          {t(explanation)}
        </span>
      </span>
    </label>
  );
}
