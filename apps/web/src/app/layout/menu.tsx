import type { MenuProps } from 'antd';
import { AppstoreOutlined, AuditOutlined, CalendarOutlined, HistoryOutlined, SafetyCertificateOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import { LAYOUT_TEXT, ORG_FRAME_TEXT, type OrgAction } from '@eo/contract';

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

export const MEMBERS_PATH = '/organization/members';
export const ACTIVITY_PATH = '/organization/activity';
export const INTEGRATIONS_PATH = '/organization/integrations';

/** The entries only some roles may use, by the action their screen needs. */
const ENTRY_ACTION: Readonly<Record<string, OrgAction>> = {
  '/payout': 'money',
  '/certificate': 'certificates',
  [MEMBERS_PATH]: 'members',
  [ACTIVITY_PATH]: 'audit',
  [INTEGRATIONS_PATH]: 'webhooks',
};

const ORGANIZATION_ITEMS: NonNullable<MenuProps['items']> = [
  { key: MEMBERS_PATH, icon: <TeamOutlined />, label: ORG_FRAME_TEXT.menu.members },
  { key: ACTIVITY_PATH, icon: <HistoryOutlined />, label: ORG_FRAME_TEXT.menu.activity },
  { key: INTEGRATIONS_PATH, icon: <AppstoreOutlined />, label: ORG_FRAME_TEXT.menu.integrations },
];

/**
 * The spec's entries and the organization's (members, activity, integrations) the active role may use, and for
 * a globalAdmin the review of submitted events (beyond the spec; the API refuses others).
 */
export function menuItems(roles: readonly string[], can: (action: OrgAction) => boolean = () => true): MenuProps['items'] {
  const allowed = [...MENU_ITEMS!, ...ORGANIZATION_ITEMS].filter((item) => {
    const action = item?.key ? ENTRY_ACTION[String(item.key)] : undefined;
    return !action || can(action);
  });
  return roles.includes('globalAdmin') ? [...allowed, { key: REVIEW_PATH, icon: <AuditOutlined />, label: M.review }] : allowed;
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
  if (pathname.startsWith(MEMBERS_PATH)) return MEMBERS_PATH;
  if (pathname.startsWith(ACTIVITY_PATH)) return ACTIVITY_PATH;
  if (pathname.startsWith(INTEGRATIONS_PATH)) return INTEGRATIONS_PATH;
  return pathname;
}
