import type { FollowState, FollowSuggestionsResponse } from '../../../common/contracts/follows';
import type { PublicProfile } from '../../../common/contracts/users';

/** A suggested account, and how the reader has stood towards it since the list was read. */
export interface Suggestion {
  user: PublicProfile;
  follow: FollowState;
}

/** The server suggests only accounts the reader neither follows nor asked to follow. */
export function suggestionsFrom(answer: FollowSuggestionsResponse): Suggestion[] {
  return answer.users.map((user) => ({ user, follow: 'none' }));
}

/**
 * The list with one account's state changed, in place: a followed row stays where it was (with
 * "Following" on its button), so nothing under the reader's pointer moves.
 */
export function withSuggestionFollow(
  suggestions: readonly Suggestion[],
  userId: string,
  follow: FollowState,
): Suggestion[] {
  return suggestions.map((suggestion) =>
    suggestion.user.id === userId ? { ...suggestion, follow } : suggestion,
  );
}

/** The account's state in the list, or null when the list does not have it. */
export function suggestionFollowOf(suggestions: readonly Suggestion[], userId: string): FollowState | null {
  return suggestions.find((suggestion) => suggestion.user.id === userId)?.follow ?? null;
}

/** A bio's first line with words in it: a one-line glimpse under the name. */
export function bioFirstLine(bio: string): string {
  return (
    bio
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}
