import { Fragment, useState } from 'react';
import { Button, Drawer, Layout, Typography } from 'antd';
import { CloseOutlined, LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_TEXT, LAYOUT_TEXT, ORG_FRAME_TEXT, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '@eo/contract';
import { logout } from '../../features/auth/api/logout';
import { OrganizationSwitcher } from '../../features/organization/components/OrganizationSwitcher';
import { useActiveOrganization, useSwitchOrganization } from '../../lib/use-active-organization';
import { errorText } from '../../lib/api-client';
import { getUser } from '../../lib/session-store';
import { useIsMobile } from '../../lib/use-is-mobile';
import { SideMenu } from './SideMenu';
import { UserBadge } from './UserBadge';
import { Feedback } from '../feedback';
import './layout.css';

const BRAND = LAYOUT_TEXT.brand;

/** The dashboard inside antd's App (toasts, confirm dialogs): see feedback.tsx. */
export function AppLayout() {
  return (
    <Feedback>
      <DashboardLayout />
    </Feedback>
  );
}

/** Header, collapsible side menu (220 / 72 px) and, at 576 px or less, a full-width menu. */
function DashboardLayout() {
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = getUser();
  const name = user?.profile.name ?? '';
  const { query: organizationsQuery, organizations, active } = useActiveOrganization();
  const switchOrganization = useSwitchOrganization();
  const switcher = (nameOnly: boolean) => active && (
    <OrganizationSwitcher organizations={organizations} active={active} nameOnly={nameOnly} onSwitch={(id) => { setMenuOpen(false); switchOrganization(id); }} />
  );
  // The user badge opens the profile (name, organizations, password). Showing the name, the link
  // is named by it (an aria-label would hide the words a speech user reads out, WCAG 2.5.3) and
  // says where it leads in its title; the initial alone gets a label.
  const badge = (showName: boolean) => (
    <Link
      to="/profile" className="user-badge-link" title={ORG_FRAME_TEXT.openProfile}
      aria-label={showName ? undefined : `${ORG_FRAME_TEXT.openProfile}: ${name}`} onClick={() => setMenuOpen(false)}
    >
      <UserBadge name={name} showName={showName} />
    </Link>
  );

  const onLogout = async () => {
    await logout();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Layout className="app-layout">
      {!isMobile && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          theme="light"
          className="app-sider"
          trigger={null}
        >
          <div className="app-brand" aria-label={BRAND}>
            <span className="app-brand-mark">EO</span>
            {!collapsed && <span className="app-brand-name">{BRAND}</span>}
          </div>
          <nav aria-label={LAYOUT_TEXT.mainMenu}><SideMenu collapsed={collapsed} /></nav>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="app-header">
          {isMobile ? (
            <Button type="text" icon={<MenuOutlined />} aria-label={LAYOUT_TEXT.openMenu} onClick={() => setMenuOpen(true)} />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? LAYOUT_TEXT.expandMenu : LAYOUT_TEXT.collapseMenu}
              onClick={() => setCollapsed(!collapsed)}
            />
          )}
          {isMobile && <span className="app-header-brand">{BRAND}</span>}
          {/* On a phone the header shows the name, cut to fit; the choice is in the menu drawer. */}
          {switcher(isMobile)}
          <div className="app-header-right">
            {badge(!isMobile)}
            {!isMobile && (
              <Button type="text" icon={<LogoutOutlined />} onClick={onLogout}>{AUTH_TEXT.logout}</Button>
            )}
          </div>
        </Layout.Header>
        <Layout.Content className="app-content">
          <Screen query={organizationsQuery}>
            {/* Keyed by the organization: a switch mounts every screen again, reading it afresh. */}
            <Fragment key={active?.id ?? ''}><Outlet /></Fragment>
          </Screen>
        </Layout.Content>
      </Layout>
      {isMobile && (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="left"
          width="100%"
          closeIcon={<CloseOutlined aria-label={LAYOUT_TEXT.closeMenu} />}
          title={BRAND}
          className="app-mobile-menu"
          footer={
            <div className="app-mobile-footer">
              {badge(false)}
              <div className="app-mobile-footer-text">
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{user?.profile.userLevel.level}</Typography.Text>
              </div>
              <Button icon={<LogoutOutlined />} onClick={onLogout}>{AUTH_TEXT.logout}</Button>
            </div>
          }
        >
          {active && <div className="app-mobile-org">{switcher(false)}</div>}
          <nav aria-label={LAYOUT_TEXT.mainMenu}><SideMenu onNavigate={() => setMenuOpen(false)} /></nav>
        </Drawer>
      )}
    </Layout>
  );
}

/**
 * The screens wait for the memberships: each call names the organization it acts within
 * (`x-organization-id`), settled when they are read.
 */
function Screen({ query, children }: { query: ReturnType<typeof useActiveOrganization>['query']; children: React.ReactNode }) {
  // Plain markup, no Spin or Result: the layout is part of every screen's first load.
  if (query.isPending) return <p className="app-loading" role="status">{ORG_FRAME_TEXT.loading}</p>;
  if (query.isError) {
    return (
      <div className="app-loading" role="alert">
        <h1 className="app-notice-title">{ORG_FRAME_TEXT.loadFailed}</h1>
        <p>{errorText(query.error)}</p>
        <Button type="primary" onClick={() => void query.refetch()}>{ORG_FRAME_TEXT.retry}</Button>
      </div>
    );
  }
  return children;
}
