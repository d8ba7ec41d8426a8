import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import type { PublicProfile } from '../../../common/contracts/users';
import type { MentionItem } from './mention-node';

type Props = SuggestionProps<PublicProfile, MentionItem>;

export interface MentionPopupState {
  /** The floating element TipTap positions next to the caret; React portals the listbox into it. */
  element: HTMLElement;
  query: string;
  people: PublicProfile[];
  isLoading: boolean;
  activeIndex: number;
}

/**
 * The @mention popup's state between TipTap's suggestion plugin (which calls back outside React)
 * and the listbox component (which reads it with useSyncExternalStore). Keys arrive here first,
 * while focus stays in the editor: that is the combobox pattern with aria-activedescendant.
 */
export class MentionPopupStore {
  private state: MentionPopupState | null = null;
  private command: Props['command'] | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): MentionPopupState | null => this.state;

  open(element: HTMLElement, props: Props): void {
    this.command = props.command;
    this.set({ element, query: props.query, people: props.items, isLoading: props.loading, activeIndex: 0 });
  }

  update(props: Props): void {
    if (!this.state) return;
    this.command = props.command;
    const isSameList = samePeople(this.state.people, props.items);
    this.set({
      ...this.state,
      query: props.query,
      people: props.items,
      isLoading: props.loading,
      activeIndex: isSameList ? this.state.activeIndex : 0,
    });
  }

  close(): void {
    this.command = null;
    this.set(null);
  }

  select(index: number): void {
    const person = this.state?.people[index];
    if (person && this.command) this.command({ id: person.handle });
  }

  /** True when the key was the popup's (the editor then ignores it). */
  handleKey({ event }: SuggestionKeyDownProps): boolean {
    const state = this.state;
    if (!state) return false;
    if (event.key === 'Escape') return true;
    const count = state.people.length;
    if (count === 0) return false;
    switch (event.key) {
      case 'ArrowDown':
        this.set({ ...state, activeIndex: (state.activeIndex + 1) % count });
        return true;
      case 'ArrowUp':
        this.set({ ...state, activeIndex: (state.activeIndex - 1 + count) % count });
        return true;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
        this.select(state.activeIndex);
        return true;
      default:
        return false;
    }
  }

  private set(next: MentionPopupState | null): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function samePeople(a: PublicProfile[], b: PublicProfile[]): boolean {
  return a.length === b.length && a.every((person, i) => person.id === b[i]?.id);
}
