import { MailCheck } from 'lucide-react';
import type { CurrentUser } from '../../../common/contracts/auth';
import { ResendConfirmation } from './resend-confirmation';

/** Where the composer would be, while the account must confirm its address before posting. */
export function ConfirmEmailNotice({ user }: { user: CurrentUser }) {
  return (
    <section
      aria-labelledby="confirm-email-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-800 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-100"
    >
      <h2 id="confirm-email-title" className="flex items-center gap-2 font-semibold">
        <MailCheck aria-hidden="true" className="size-5 shrink-0" />
        Confirm your e-mail address to post
      </h2>
      <p className="text-sm [overflow-wrap:anywhere]">
        We sent a link to <strong>{user.email}</strong>. Open it to start posting and replying; until then you
        can read everything.
      </p>
      <ResendConfirmation />
    </section>
  );
}
