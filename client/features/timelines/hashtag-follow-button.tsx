import { Check, Plus } from 'lucide-react';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { timelinesMessages } from './timelines.messages';
import { useHashtag, useToggleHashtagFollow } from './timelines.queries';

/** Wide enough for "Following": the button keeps its size as its word changes. */
const WIDTH = 'min-w-32';

/**
 * Follow / Following for a hashtag, as a toggle button (aria-pressed): its posts join the
 * reader's Home timeline. For a signed-in reader only; the tag's name is in the button's
 * accessible name, so it says what it follows out of context too.
 */
export function HashtagFollowButton({ tagKey }: { tagKey: string }) {
  const t = useT(timelinesMessages);
  const hashtag = useHashtag(tagKey, true);
  const toggle = useToggleHashtagFollow(tagKey);
  const isFollowing = hashtag.data?.followedByMe ?? false;
  const Icon = isFollowing ? Check : Plus;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant={isFollowing ? 'secondary' : 'primary'}
        aria-pressed={isFollowing}
        // Held back until the answer says which it is: pressing a guess could undo a follow.
        disabled={hashtag.isPending}
        onClick={() => toggle.mutate(!isFollowing)}
        className={WIDTH}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {isFollowing ? t('followingButton') : t('followButton')}
        <span className="sr-only"> #{tagKey}</span>
      </Button>
      {toggle.error && <Alert>{userMessageOf(toggle.error)}</Alert>}
    </div>
  );
}
