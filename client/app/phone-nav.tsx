import { Bell, Bookmark, Flag, House, LogOut, Menu, Search, Settings, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { useUnreadCount } from '../features/notifications';
import { useSafetyStatus } from '../features/safety';
import { useT } from '../i18n';
import { Spinner } from '../ui/button';
import { appMessages } from './app.messages';
import { useLogOutAndLeave } from './nav-log-out';

/** The disclosure panel's id; the styles keep room under the page while the bar is shown. */
export const PHONE_MENU_ID = 'phone-menu';
export const PHONE_NAV_ID = 'phone-nav';

const ITEM =
  'flex size-full min-h-11 min-w-11 flex-col items-center justify-center gap-1 rounded-lg text-[0.625rem] leading-none font-medium text-slate-700 hover:bg-slate-200/70 aria-[current=page]:text-primary-700 aria-[expanded=true]:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:text-primary-300 dark:aria-[expanded=true]:bg-slate-800';
const PANEL_ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800';
const ICON = 'size-6 shrink-0';

function BarLink({ to, label, name, icon }: { to: string; label: string; name?: string; icon: ReactNode }) {
  return (
    <li className="flex min-w-0 p-0.5">
      <NavLink to={to} end aria-label={name} className={ITEM}>
        {icon}
        {/* 10 px, as phone tab bars label; a touch narrower on the narrowest phones so "Notifications" fits. */}
        <span className="max-w-full truncate max-[22.5rem]:tracking-tighter">{label}</span>
      </NavLink>
    </li>
  );
}

/**
 * Phones (below 640 px): a bottom bar in thumb reach, as phone social apps have, with Home,
 * Search, Notifications, Profile and a Menu disclosure holding Bookmarks, Settings, Reports (staff)
 * and Log out: five items keep each one wide enough for its label at 320 px.
 */
export function PhoneNav() {
  const t = useT(appMessages);
  const { data: user } = useCurrentUser();
  const unreadCount = useUnreadCount(Boolean(user));
  const safety = useSafetyStatus(Boolean(user));
  const { isPending, logOut } = useLogOutAndLeave();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Going somewhere (a link in the panel or anywhere else) closes the panel.
  const { pathname } = useLocation();
  const [seenPath, setSeenPath] = useState(pathname);
  if (pathname !== seenPath) {
    setSeenPath(pathname);
    setIsMenuOpen(false);
  }

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setIsMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isMenuOpen]);

  if (!user) return null;
  const unread = unreadCount > 99 ? '99+' : String(unreadCount);
  return (
    <nav
      ref={root}
      id={PHONE_NAV_ID}
      aria-label={t('primaryNavLabel')}
      // Menus that open near it open upwards instead (ui/menu-button.tsx).
      data-screen-bottom
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] sm:hidden dark:border-slate-800 dark:bg-slate-950"
    >
      <div
        id={PHONE_MENU_ID}
        hidden={!isMenuOpen}
        className="absolute right-2 bottom-full mb-2 w-56 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <Link to="/bookmarks" className={PANEL_ITEM}>
          <Bookmark aria-hidden="true" className="size-5" />
          {t('bookmarks')}
        </Link>
        <Link to="/settings" className={PANEL_ITEM}>
          <Settings aria-hidden="true" className="size-5" />
          {t('settings')}
        </Link>
        {Boolean(safety.data?.staffRole) && (
          <Link to="/admin/reports" className={PANEL_ITEM}>
            <Flag aria-hidden="true" className="size-5" />
            {t('reports')}
          </Link>
        )}
        <button type="button" disabled={isPending} onClick={logOut} className={PANEL_ITEM}>
          {isPending ? <Spinner /> : <LogOut aria-hidden="true" className="size-5" />}
          {t('logOut')}
        </button>
      </div>
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        <BarLink to="/" label={t('home')} icon={<House aria-hidden="true" className={ICON} />} />
        <BarLink to="/search" label={t('search')} icon={<Search aria-hidden="true" className={ICON} />} />
        <BarLink
          to="/notifications"
          label={t('notifications')}
          // The count is in the name, as on the header's bell; the badge only shows it.
          name={unreadCount > 0 ? t('notificationsUnreadLabel', { count: unreadCount }) : t('notifications')}
          icon={
            <span className="relative">
              <Bell aria-hidden="true" className={ICON} />
              {unreadCount > 0 && (
                <span
                  aria-hidden="true"
                  className="absolute -top-1.5 -right-2.5 min-w-5 rounded-full bg-rose-700 px-1 text-center text-xs leading-5 font-semibold text-white"
                >
                  {unread}
                </span>
              )}
            </span>
          }
        />
        <BarLink
          to={`/@${user.handle}`}
          label={t('profile')}
          icon={<UserRound aria-hidden="true" className={ICON} />}
        />
        <li className="flex min-w-0 p-0.5">
          <button
            ref={menuButton}
            type="button"
            aria-expanded={isMenuOpen}
            aria-controls={PHONE_MENU_ID}
            onClick={() => setIsMenuOpen((open) => !open)}
            className={ITEM}
          >
            <Menu aria-hidden="true" className={ICON} />
            <span>{t('menu')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
