import { type ReactNode, useId } from 'react';

export interface CheckboxChoice<K extends string> {
  key: K;
  label: string;
}

interface CheckboxFieldsetProps<K extends string> {
  legend: string;
  choices: readonly CheckboxChoice<K>[];
  value: Record<K, boolean>;
  onChange: (next: Record<K, boolean>) => void;
  /** Each box's form name is its key after this. */
  namePrefix?: string;
  hint: ReactNode;
  /** After the hint: the save's error and status. */
  children?: ReactNode;
}

/** A group of yes/no choices under one question ("E-mail me when"), each a 44 px tall target. */
export function CheckboxFieldset<K extends string>(props: CheckboxFieldsetProps<K>) {
  const { legend, choices, value, onChange, namePrefix = '', hint, children } = props;
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {choices.map(({ key, label }) => (
        <label
          key={key}
          className="flex min-h-11 items-center gap-3 text-sm text-slate-800 dark:text-slate-200"
        >
          <input
            type="checkbox"
            name={`${namePrefix}${key}`}
            checked={value[key]}
            onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
            className="size-5 shrink-0 accent-primary-600"
          />
          {label}
        </label>
      ))}
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {children}
    </fieldset>
  );
}
