import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../../../common/contracts/auth';
import { ApiError, userMessageOf } from '../../lib/api-client';

interface Mutation<TInput> {
  mutate: (input: TInput, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * What every settings form does: checks with the shared schema first, sends, then puts the
 * server's field messages next to their fields and focus on the first one to fix.
 */
export function useSettingsForm<TFields extends Record<string, string>, TInput>(
  initial: TFields,
  schema: z.ZodType<TInput>,
  mutation: Mutation<TInput>,
  onSaved: () => void,
  /** Fields emptied after a save (passwords). */
  clearOnSave: readonly (keyof TFields & string)[] = [],
) {
  const [values, setValues] = useState<TFields>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Focus moves after React has rendered the new aria-invalid marks, never before.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const update = (field: keyof TFields & string) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFrom(parsed.error));
      setFocusRequest((n) => n + 1);
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setFieldErrors({});
        if (clearOnSave.length > 0)
          setValues((current) => ({
            ...current,
            ...Object.fromEntries(clearOnSave.map((field) => [field, ''])),
          }));
        onSaved();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : {};
        setFieldErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(userMessageOf(error));
        setFocusRequest((n) => n + 1);
      },
    });
  };

  return { values, setValues, fieldErrors, formError, update, submit, formRef };
}
