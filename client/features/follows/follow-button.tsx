import { Clock, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FollowState } from '../../../common/contracts/follows';
import type { ProfileViewer, PublicProfile } from '../../../common/contracts/users';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useCurrentUser } from '../auth';
import { canOfferFollow, followButtonCopy, followChangeMessage, pressWantsFollow } from './follow-state';
import { followsMessages } from './follows.messages';
import { type HomeRefresh, useToggleFollow } from './follows.queries';

const ICONS = { none: UserPlus, requested: Clock, following: UserCheck } as const satisfies Record<
  FollowState,
  unknown
>;

/**
 * Wide enough for the longest of the three words: the button keeps its size as they change. On a
 * phone as tall as a thumb's target (44 px), as the post actions are.
 */
const WIDTH = 'min-w-36 min-h-11 sm:min-h-0';

/**
 * On someone else's profile: Follow, Requested (pressing it takes the request back) or
 * Following (pressing it unfollows). A visitor gets a link to log in instead; one's own
 * profile, and accounts a block stands between, get nothing.
 */
export function FollowButton({ user, viewer }: { user: PublicProfile; viewer: ProfileViewer }) {
  const t = useT(followsMessages);
  const { data: me, isPending } = useCurrentUser();
  if (isPending || me?.id === user.id || !canOfferFollow(viewer)) return null;
  if (!me) {
    return (
      <Link
        to="/login"
        aria-label={t('loginToFollowLabel', { handle: user.handle })}
        className={`inline-flex items-center justify-center gap-2 rounded-lg bg-primary-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-700 ${WIDTH}`}
      >
        <UserPlus aria-hidden="true" className="size-4 shrink-0" />
        {t('followText')}
      </Link>
    );
  }
  return <FollowToggle user={user} state={viewer.follow} />;
}

/** The signed-in reader's button itself, for lists that know the state (the suggestions). */
export function FollowToggle({
  user,
  state,
  homeRefresh = 'now',
}: {
  user: PublicProfile;
  state: FollowState;
  homeRefresh?: HomeRefresh;
}) {
  const t = useT(followsMessages);
  const toggle = useToggleFollow(user, homeRefresh);
  const [announcement, setAnnouncement] = useState('');
  const copy = followButtonCopy(state, user.handle, t);
  const Icon = ICONS[state];
  const press = () => {
    // Ignored rather than disabled while a change is on its way: a disabled button would drop
    // the keyboard's focus, and a second request could overtake the first.
    if (toggle.isPending) return;
    setAnnouncement('');
    toggle.mutate(pressWantsFollow(state), {
      onSuccess: (answer) => setAnnouncement(followChangeMessage(answer.state, user.handle)),
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant={state === 'none' ? 'primary' : 'secondary'}
        aria-label={copy.label}
        aria-disabled={toggle.isPending || undefined}
        onClick={press}
        className={`${WIDTH} self-start`}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {copy.text}
      </Button>
      {toggle.error && <Alert>{userMessageOf(toggle.error)}</Alert>}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
