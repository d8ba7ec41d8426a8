import { shift } from '@floating-ui/dom';
import type { Node, ResolvedPos } from '@tiptap/pm/model';
import {
  findSuggestionMatch,
  type SuggestionMatch,
  type SuggestionOptions,
  type Trigger,
} from '@tiptap/suggestion';
import { HANDLE_MAX_LENGTH } from '../../../common/contracts/auth';
import type { PublicProfile } from '../../../common/contracts/users';
import { canStartMentionAfter } from '../../../common/rich-text/post-schema';
import type { MentionItem } from './mention-node';
import type { MentionPopupStore } from './mention-popup-store';

/** Typing pauses shorter than this do not ask the server. */
const SEARCH_DEBOUNCE_MS = 120;
/** The least room the suggestions keep between themselves and the screen's left and right edges. */
const SCREEN_MARGIN_PX = 8;
const HANDLE_PREFIX = new RegExp(`^[A-Za-z0-9_]{1,${HANDLE_MAX_LENGTH}}$`);
/** What may follow the `@` while the list is open: a handle being typed, or nothing yet. */
const HANDLE_SO_FAR = new RegExp(`^[A-Za-z0-9_]{0,${HANDLE_MAX_LENGTH}}$`);

/**
 * Where the `@` list is open: after an `@` the server would read as a mention (not inside a
 * word, an e-mail address or a URL path, but after a space or a bracket), and only while what
 * follows it can still be a handle. The first character no handle has (`@ana!`, `@ana,`) closes
 * the list, whose last query was the handle itself; the server then links `@ana` as typed.
 */
export function findMentionMatch(trigger: Trigger): SuggestionMatch {
  const match = findSuggestionMatch({ ...trigger, allowedPrefixes: null });
  if (match === null || !HANDLE_SO_FAR.test(match.query)) return null;
  return canStartMentionAfter(textBefore(trigger.$position, match.range.from)) ? match : null;
}

/** The text of the cursor's paragraph before `pos`. */
function textBefore($position: ResolvedPos, pos: number): string {
  return $position.parent.textBetween(0, pos - $position.start(), undefined, leafText);
}

/** Read as the server reads them: a mention is its `@handle`, a hard break a line end. */
function leafText(leaf: Node): string {
  return leaf.type.name === 'mention' ? `@${String(leaf.attrs.id)}` : '\n';
}

export type FindPeople = (prefix: string) => Promise<PublicProfile[]>;

/** The `@` trigger: asks `findPeople` for handles and hands everything else to the popup store. */
export function mentionSuggestion(
  store: MentionPopupStore,
  findPeople: FindPeople,
): Omit<SuggestionOptions<PublicProfile, MentionItem>, 'editor'> {
  return {
    char: '@',
    findSuggestionMatch: findMentionMatch,
    minQueryLength: 1,
    debounce: SEARCH_DEBOUNCE_MS,
    // Below the @, and slid back along the line where that would leave the screen: an @ near a
    // phone's right edge otherwise put the list past it, and the page scrolled sideways.
    floatingUi: { middleware: [shift({ padding: SCREEN_MARGIN_PX })] },
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
