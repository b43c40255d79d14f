import { useState } from 'react';
import { Button, Drawer, Layout, Typography } from 'antd';
import { CloseOutlined, LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_TEXT, LAYOUT_TEXT, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '@eo/contract';
import { logout } from '../../features/auth/api/logout';
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
          <div className="app-header-right">
            <UserBadge name={name} />
            {!isMobile && (
              <Button type="text" icon={<LogoutOutlined />} onClick={onLogout}>{AUTH_TEXT.logout}</Button>
            )}
          </div>
        </Layout.Header>
        <Layout.Content className="app-content">
          <Outlet />
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
              <UserBadge name={name} showName={false} />
              <div className="app-mobile-footer-text">
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{user?.profile.userLevel.level}</Typography.Text>
              </div>
              <Button icon={<LogoutOutlined />} onClick={onLogout}>{AUTH_TEXT.logout}</Button>
            </div>
          }
        >
          <nav aria-label={LAYOUT_TEXT.mainMenu}><SideMenu onNavigate={() => setMenuOpen(false)} /></nav>
        </Drawer>
      )}
    </Layout>
  );
}
