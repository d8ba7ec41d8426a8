import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicProfile } from '../../../common/contracts/users';
import { Avatar } from '../../ui/avatar';

/** An account's picture, name and handle, as one link to its profile. */
export function AccountLink({ user, className = '' }: { user: PublicProfile; className?: string }) {
  return (
    <Link
      to={`/@${user.handle}`}
      className={`flex min-h-11 min-w-0 items-center gap-3 rounded-lg ${className}`}
    >
      <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="md" />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{user.displayName}</span>
        <span className="block truncate text-sm text-slate-600 dark:text-slate-400">@{user.handle}</span>
      </span>
    </Link>
  );
}

/**
 * One account in a list, linking to the profile, with whatever the list offers for it
 * (`actions`) beside; they wrap under the name on the narrowest screens.
 */
export function AccountRow({ user, actions }: { user: PublicProfile; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
      <AccountLink user={user} className="flex-1 basis-48" />
      {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
    </div>
  );
}
