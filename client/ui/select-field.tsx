import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';

/** A select styled as the app's text fields, 44 px tall to be tapped. */
export const SELECT_CLASS =
  'min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-primary-500 focus:outline-2 focus:outline-primary-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  children: ReactNode;
}

/** A labelled select, laid out as TextField is. */
export function SelectField({ label, id, className = '', children, ...rest }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select id={selectId} className={`${SELECT_CLASS} ${className}`} {...rest}>
        {children}
      </select>
    </div>
  );
}
