import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { authMessages } from './auth.messages';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const t = useT(authMessages);
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-2 md:items-center md:py-16">
      <section aria-labelledby="pitch" className="hidden md:block">
        <h2 id="pitch" className="text-4xl font-bold tracking-tight text-balance">
          {t.rich('pitchTitle', {
            highlight: (chunks) => <span className="text-primary-600 dark:text-primary-400">{chunks}</span>,
          })}
        </h2>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t('pitchText')}</p>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 mb-6 text-slate-600 dark:text-slate-400">{subtitle}</p>
        {children}
        <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</p>
      </section>
    </div>
  );
}
