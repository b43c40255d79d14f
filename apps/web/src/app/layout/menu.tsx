import type { MenuProps } from 'antd';
import { AppstoreOutlined, AuditOutlined, CalendarOutlined, SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import { LAYOUT_TEXT } from '@eo/contract';

const M = LAYOUT_TEXT.menu;

/** The side menu of spec section 2 (Layout). None of the spec's entries is role-restricted. */
export const EVENT_GROUP_KEY = 'event';
export const EVENT_GROUP_LANDING = '/event/draft';

export const MENU_ITEMS: MenuProps['items'] = [
  { key: '/', icon: <AppstoreOutlined />, label: M.dashboard },
  {
    key: EVENT_GROUP_KEY,
    icon: <CalendarOutlined />,
    label: M.event,
    children: [
      { key: '/event', label: M.active },
      { key: '/event/draft', label: M.draft },
      { key: '/event/history', label: M.history },
    ],
  },
  { key: '/payout', icon: <WalletOutlined />, label: M.payout },
  { key: '/certificate', icon: <SafetyCertificateOutlined />, label: M.certificate },
];

export const REVIEW_PATH = '/admin/review';

/** The spec's entries, and for a globalAdmin the review of submitted events (beyond the spec; the API refuses others). */
export function menuItems(roles: readonly string[]): MenuProps['items'] {
  return roles.includes('globalAdmin')
    ? [...MENU_ITEMS!, { key: REVIEW_PATH, icon: <AuditOutlined />, label: M.review }]
    : MENU_ITEMS;
}

export type MenuGroup = 'active' | 'draft' | 'history';
const GROUP_KEYS: Record<MenuGroup, string> = { active: '/event', draft: '/event/draft', history: '/event/history' };

/**
 * The event of a page whose path does not say which list it belongs to (the edit wizard, a
 * ticket's history): the menu asks the event itself.
 */
export function eventOfPath(pathname: string): string | undefined {
  return /^\/event\/edit\/([^/]+)/.exec(pathname)?.[1] ?? /^\/ticket\/history\/([^/]+)/.exec(pathname)?.[1];
}

/** The list an event is shown in: drafts, history once its last date has passed, else active. */
export function eventGroup(e: { isDraft: boolean; lastEventAt: string | null }, now = new Date()): MenuGroup {
  if (e.isDraft) return 'draft';
  return e.lastEventAt && new Date(e.lastEventAt) < now ? 'history' : 'active';
}

/**
 * The menu entry a path belongs to (an overview of a past event highlights Riwayat, and so on).
 * A new event belongs to no list yet; an edited event or a ticket's history highlights the list
 * of its event (`group`, once known), and nothing while it is not.
 */
export function selectedMenuKey(pathname: string, group?: MenuGroup): string {
  if (pathname === '/') return '/';
  if (pathname.startsWith('/event/create')) return '';
  if (eventOfPath(pathname)) return group ? GROUP_KEYS[group] : '';
  if (pathname.startsWith('/event/draft')) return '/event/draft';
  // Withdrawals are of past events: reached from Riwayat.
  if (pathname.startsWith('/event/history') || /^\/event\/[^/]+\/withdrawal/.test(pathname)) return '/event/history';
  if (pathname.startsWith('/event')) return '/event';
  if (pathname.startsWith('/payout')) return '/payout';
  if (pathname.startsWith('/certificate')) return '/certificate';
  return pathname;
}
