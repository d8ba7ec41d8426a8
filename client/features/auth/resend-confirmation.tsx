import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { authMessages } from './auth.messages';
import { useResendConfirmation } from './auth.queries';

/** "Send the link again", and what came of it, read out politely. */
export function ResendConfirmation({ label }: { label?: string }) {
  const t = useT(authMessages);
  const resend = useResendConfirmation();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button variant="secondary" isBusy={resend.isPending} onClick={() => resend.mutate()}>
        {label ?? t('sendLinkAgain')}
      </Button>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {resend.isSuccess && t('linkResent')}
        {resend.error && userMessageOf(resend.error)}
      </p>
    </div>
  );
}
