import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogOut } from '../features/auth';
import { drafts } from '../features/composer';
import { loadBrowserPush } from '../features/web-push';

/**
 * How long a log-out waits for this browser to end its push subscription before going on without
 * it: the browser asks its push service, which may be slow or out of reach.
 */
export const LOG_OUT_PUSH_WAIT_MS = 3_000;

/** Logs out, forgets this device's drafts and goes to the log-in page, whichever control asked. */
export function useLogOutAndLeave(): { isPending: boolean; logOut: () => void } {
  const logOut = useLogOut();
  const navigate = useNavigate();
  // From the tap until the page is left: the controls that log out go away with the session,
  // whether the server answered or not, so nothing needs to turn this back off.
  const [isLeaving, setIsLeaving] = useState(false);
  return {
    isPending: isLeaving,
    logOut: () => {
      // Unsent drafts stay on this device only while their author is logged in; so do its
      // notifications (the server forgets the subscription with the session). The browser's
      // subscription ends before the session does: once the page shows the log-in form, a reload
      // or a closed tab would stop it half way and leave the device subscribed.
      drafts.clearAll();
      setIsLeaving(true);
      void endPushSubscription().then(() =>
        logOut.mutate(undefined, { onSettled: () => void navigate('/login') }),
      );
    },
  };
}

/** Settles when this browser's push subscription has ended, failed to, or kept us waiting too long. */
async function endPushSubscription(): Promise<void> {
  const ended = loadBrowserPush().then((browserPush) => browserPush.unsubscribeThisBrowser());
  const waited = new Promise<void>((resolve) => setTimeout(resolve, LOG_OUT_PUSH_WAIT_MS));
  await Promise.race([ended, waited]).catch(() => undefined);
}
