import { Link } from 'react-router';
import { useT } from '../i18n';
import { appMessages } from './app.messages';

/** Tall enough to tap (44 px) while the header keeps its 64 px. */
const LINK = 'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap';

/** "Log in" and "Sign up": all the header holds for a visitor, and it fits at 320 px. */
export function SignedOutNav() {
  const t = useT(appMessages);
  return (
    <nav aria-label={t('accountNavLabel')} className="flex shrink-0 items-center gap-1 sm:gap-2">
      <Link
        to="/login"
        className={`${LINK} text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800`}
      >
        {t('logIn')}
      </Link>
      <Link to="/signup" className={`${LINK} bg-primary-600 text-white hover:bg-primary-700`}>
        {t('signUp')}
      </Link>
    </nav>
  );
}
