import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** The least room kept between an open menu and the screen's edges. */
const SCREEN_MARGIN_PX = 8;
/** Between the button and its menu: Tailwind's `mt-1`/`mb-1`. */
const GAP_PX = 4;

/**
 * Where the visible screen ends: the top of a bar fixed at its bottom (marked
 * `data-screen-bottom`, the phone's navigation) when one shows, else the window's bottom.
 */
function screenFloor(): number {
  const bar = document.querySelector('[data-screen-bottom]')?.getBoundingClientRect();
  return bar && bar.height > 0 ? bar.top : window.innerHeight;
}

interface Placement {
  /** The menu's left edge, in pixels from the left edge of the box it is placed in. */
  left: number;
  /** Above the button, rather than under it. */
  isAbove: boolean;
}

/**
 * Under the button from its left edge, unless that runs off the screen: then from its right edge,
 * or, when the menu is wider than the room either way (a narrow phone, a button mid-row), as far
 * left as the screen's margin allows; above the button when there is no room under it.
 */
function placementOf(button: DOMRect, menu: DOMRect, box: DOMRect): Placement {
  const fitsBelow = button.bottom + GAP_PX + menu.height <= screenFloor() - SCREEN_MARGIN_PX;
  const fitsAbove = button.top - GAP_PX - menu.height >= SCREEN_MARGIN_PX;
  const screenRight = document.documentElement.clientWidth - SCREEN_MARGIN_PX;
  const preferred = button.left + menu.width > screenRight ? button.right - menu.width : button.left;
  const left = Math.max(SCREEN_MARGIN_PX, Math.min(preferred, screenRight - menu.width));
  return { left: Math.round(left - box.left), isAbove: !fitsBelow && fitsAbove };
}

function placementClasses(placement: Placement | null): string {
  if (placement === null) return 'invisible fixed top-0 left-0';
  return `absolute ${placement.isAbove ? 'bottom-full mb-1' : 'top-full mt-1'}`;
}

export interface MenuItem {
  label: string;
  onSelect: () => void;
  isDanger?: boolean;
}

export interface MenuButtonProps {
  /** The button's accessible name ("More actions for …"). */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  items: readonly MenuItem[];
  className?: string;
  /** The button itself, for a caller that gives focus back to it later. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

/**
 * A button that opens a menu, per the WAI-ARIA menu button pattern: Enter, Space or ArrowDown
 * open it on the first item, ArrowUp on the last; arrows, Home and End move; Escape closes and
 * gives focus back to the button; Tab or a click elsewhere closes it.
 */
export function MenuButton({ label, children, items, className = '', buttonRef: outerRef }: MenuButtonProps) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  // Where the open menu sits; null while it is measured (hidden, fixed at the screen's corner, so
  // it can neither widen the page nor show in the wrong place). (By hand: a positioning library
  // would cost the first load more than these few lines.)
  const [placement, setPlacement] = useState<Placement | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const ownButtonRef = useRef<HTMLButtonElement>(null);
  const buttonRef = outerRef ?? ownButtonRef;
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const isOpen = openAt !== null;

  useEffect(() => {
    if (openAt !== null && placement !== null) itemRefs.current[openAt]?.focus();
  }, [openAt, placement]);

  // Measured before the menu is painted, so it never shows where it does not fit.
  useLayoutEffect(() => {
    const menu = menuRef.current?.getBoundingClientRect();
    const button = buttonRef.current?.getBoundingClientRect();
    const box = rootRef.current?.getBoundingClientRect();
    if (!isOpen || placement !== null || !menu || !button || !box) return;
    setPlacement(placementOf(button, menu, box));
  }, [isOpen, placement, buttonRef]);

  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  const open = (at: number) => {
    setPlacement(null);
    setOpenAt(at);
  };

  const close = (refocus: boolean) => {
    setOpenAt(null);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    if (openAt === null) return;
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: openAt === last ? 0 : openAt + 1,
      ArrowUp: openAt === 0 ? last : openAt - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setOpenAt(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => (isOpen ? close(false) : open(0))}
        onKeyDown={onButtonKey}
        className={className}
      >
        {children}
      </button>
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          style={placement === null ? undefined : { left: placement.left }}
          className={`${placementClasses(placement)} z-10 w-max max-w-[min(18rem,calc(100vw-2rem))] min-w-48 rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === openAt ? 0 : -1}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              className={`block w-full px-4 py-2 text-left text-sm [overflow-wrap:anywhere] hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800 ${item.isDanger ? 'text-red-700 dark:text-red-400' : ''}`}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
