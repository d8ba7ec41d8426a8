import { type ReactNode, useId } from 'react';

/** One titled card of the settings page; the heading names the region for landmarks. */
export function SettingsSection({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The fragment a link opens the page at (`/settings#your-data`). */
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** "Saved." after a change, read out politely; an empty live region otherwise. */
export function SavedNote({ message }: { message: string | null }) {
  return (
    <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
      {message}
    </p>
  );
}
