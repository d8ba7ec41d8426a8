import { useNavigate } from 'react-router';
import { useLogOut } from '../features/auth';
import { drafts } from '../features/composer';
import { loadBrowserPush } from '../features/web-push';

/** Logs out, forgets this device's drafts and goes to the log-in page, whichever control asked. */
export function useLogOutAndLeave(): { isPending: boolean; logOut: () => void } {
  const logOut = useLogOut();
  const navigate = useNavigate();
  return {
    isPending: logOut.isPending,
    logOut: () => {
      // Unsent drafts stay on this device only while their author is logged in; so do its
      // notifications (the server forgets the subscription with the session).
      drafts.clearAll();
      void loadBrowserPush().then((browserPush) => browserPush.unsubscribeThisBrowser());
      logOut.mutate(undefined, { onSettled: () => void navigate('/login') });
    },
  };
}
