import type { ReactNode } from 'react';
import { browserHasPasskeys } from '../../lib/webauthn';
import { Button } from '../../ui/button';

/**
 * Opens the browser's passkey prompt; not shown where the browser has no passkeys at all. Words
 * without an icon: the log-in page is a first load, and the icon library would be its only use.
 */
export function PasskeyButton({
  isBusy,
  onClick,
  children,
}: {
  isBusy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  if (!browserHasPasskeys()) return null;
  return (
    <Button variant="secondary" isBusy={isBusy} onClick={onClick} className="w-full">
      {children}
    </Button>
  );
}
