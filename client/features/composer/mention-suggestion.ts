import type { SuggestionOptions } from '@tiptap/suggestion';
import { HANDLE_MAX_LENGTH } from '../../../common/contracts/auth';
import type { PublicProfile } from '../../../common/contracts/users';
import type { MentionItem } from './mention-node';
import type { MentionPopupStore } from './mention-popup-store';

/** Typing pauses shorter than this do not ask the server. */
const SEARCH_DEBOUNCE_MS = 120;
const HANDLE_PREFIX = new RegExp(`^[A-Za-z0-9_]{1,${HANDLE_MAX_LENGTH}}$`);

export type FindPeople = (prefix: string) => Promise<PublicProfile[]>;

/** The `@` trigger: asks `findPeople` for handles and hands everything else to the popup store. */
export function mentionSuggestion(
  store: MentionPopupStore,
  findPeople: FindPeople,
): Omit<SuggestionOptions<PublicProfile, MentionItem>, 'editor'> {
  return {
    char: '@',
    minQueryLength: 1,
    debounce: SEARCH_DEBOUNCE_MS,
    items: ({ query }) => (HANDLE_PREFIX.test(query) ? findPeople(query) : []),
    render: () => {
      let unmount: (() => void) | null = null;
      return {
        onStart: (props) => {
          const element = document.createElement('div');
          element.className = 'z-30';
          unmount = props.mount(element);
          store.open(element, props);
        },
        onUpdate: (props) => store.update(props),
        onExit: () => {
          unmount?.();
          unmount = null;
          store.close();
        },
        onKeyDown: (props) => store.handleKey(props),
      };
    },
  };
}
