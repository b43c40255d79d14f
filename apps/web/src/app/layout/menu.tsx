import type { MenuProps } from 'antd';
import { AppstoreOutlined, CalendarOutlined, SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';

/** The side menu of spec section 2 (Layout). No entry is role-restricted. */
export const EVENT_GROUP_KEY = 'event';
export const EVENT_GROUP_LANDING = '/event/draft';

export const MENU_ITEMS: MenuProps['items'] = [
  { key: '/', icon: <AppstoreOutlined />, label: 'Dashboard' },
  {
    key: EVENT_GROUP_KEY,
    icon: <CalendarOutlined />,
    label: 'Event',
    children: [
      { key: '/event', label: 'Aktif' },
      { key: '/event/draft', label: 'Draf' },
      { key: '/event/history', label: 'Riwayat' },
    ],
  },
  { key: '/payout', icon: <WalletOutlined />, label: 'Penarikan Saldo' },
  { key: '/certificate', icon: <SafetyCertificateOutlined />, label: 'Event Certificate' },
];

/** The menu entry a path belongs to (an overview of a past event highlights Riwayat, and so on). */
export function selectedMenuKey(pathname: string): string {
  if (pathname === '/') return '/';
  if (pathname.startsWith('/event/draft') || pathname.startsWith('/event/create') || pathname.startsWith('/event/edit')) return '/event/draft';
  // Withdrawals are of past events: reached from Riwayat.
  if (pathname.startsWith('/event/history') || /^\/event\/[^/]+\/withdrawal/.test(pathname)) return '/event/history';
  if (pathname.startsWith('/event') || pathname.startsWith('/ticket')) return '/event';
  if (pathname.startsWith('/payout')) return '/payout';
  if (pathname.startsWith('/certificate')) return '/certificate';
  return pathname;
}
