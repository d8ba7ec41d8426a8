import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

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
}

/**
 * A button that opens a menu, per the WAI-ARIA menu button pattern: Enter, Space or ArrowDown
 * open it on the first item, ArrowUp on the last; arrows, Home and End move; Escape closes and
 * gives focus back to the button; Tab or a click elsewhere closes it.
 */
export function MenuButton({ label, children, items, className = '' }: MenuButtonProps) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const isOpen = openAt !== null;

  useEffect(() => {
    if (openAt !== null) itemRefs.current[openAt]?.focus();
  }, [openAt]);

  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  const close = (refocus: boolean) => {
    setOpenAt(null);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
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
        onClick={() => (isOpen ? close(false) : setOpenAt(0))}
        onKeyDown={onButtonKey}
        className={className}
      >
        {children}
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className="absolute left-0 z-10 mt-1 min-w-48 rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
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
              className={`block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800 ${item.isDanger ? 'text-red-700 dark:text-red-400' : ''}`}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
