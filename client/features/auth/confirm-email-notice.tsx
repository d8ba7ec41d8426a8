import { MailCheck } from 'lucide-react';
import type { CurrentUser } from '../../../common/contracts/auth';
import { useT } from '../../i18n';
import { confirmEmailNoticeMessages } from './confirm-email-notice.messages';
import { ResendConfirmation } from './resend-confirmation';

/** Where the composer would be, while the account must confirm its address before posting. */
export function ConfirmEmailNotice({ user }: { user: CurrentUser }) {
  const t = useT(confirmEmailNoticeMessages);
  return (
    <section
      aria-labelledby="confirm-email-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-800 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-100"
    >
      <h2 id="confirm-email-title" className="flex items-center gap-2 font-semibold">
        <MailCheck aria-hidden="true" className="size-5 shrink-0" />
        {t('confirmNoticeTitle')}
      </h2>
      <p className="text-sm [overflow-wrap:anywhere]">
        {t.rich('confirmNoticeText', { email: <strong>{user.email}</strong> })}
      </p>
      <ResendConfirmation />
    </section>
  );
}
