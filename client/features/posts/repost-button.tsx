import { Repeat2 } from 'lucide-react';
import type { Post } from '../../../common/contracts/posts';
import { ACTION, COUNT, ICON, REPOSTED } from './action-styles';
import { useToggleRepost } from './posts.queries';

function repostsPhrase(count: number): string {
  return `${count} ${count === 1 ? 'repost' : 'reposts'}`;
}

/** Reposts a top-level post to the reader's followers, or takes the repost back; with the count. */
export function RepostButton({ post }: { post: Post }) {
  const repost = useToggleRepost(post);
  const isOn = post.repostedByMe;
  return (
    <button
      type="button"
      aria-pressed={isOn}
      aria-label={`${isOn ? 'Undo repost' : 'Repost'} (${repostsPhrase(post.repostCount)})`}
      onClick={() => repost.mutate(!isOn)}
      className={isOn ? REPOSTED : ACTION}
    >
      {/* Reposted is drawn heavier as well as green: the shape tells it apart without the colour. */}
      <Repeat2 aria-hidden="true" className={ICON} strokeWidth={isOn ? 3 : 2} />
      <span>{post.repostCount}</span>
    </button>
  );
}

/** Signed out: how many reposted it, in the button's place, with nothing to press. */
export function RepostCount({ count }: { count: number }) {
  return (
    <span className={COUNT}>
      <Repeat2 aria-hidden="true" className={ICON} />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{repostsPhrase(count)}</span>
    </span>
  );
}
