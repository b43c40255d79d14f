import { useState } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { EVENT_GROUP_KEY, EVENT_GROUP_LANDING, MENU_ITEMS, selectedMenuKey } from './menu';

interface Props {
  collapsed?: boolean;
  /** Called after a choice (the mobile menu closes itself). */
  onNavigate?: () => void;
}

export function SideMenu({ collapsed = false, onNavigate }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = selectedMenuKey(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(selected.startsWith('/event') ? [EVENT_GROUP_KEY] : []);

  const go = (path: string) => {
    navigate(path);
    onNavigate?.();
  };

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={MENU_ITEMS}
      selectedKeys={[selected]}
      // In the collapsed sider antd manages the popup itself.
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => {
        const opening = keys.includes(EVENT_GROUP_KEY) && !openKeys.includes(EVENT_GROUP_KEY);
        setOpenKeys(keys);
        // Spec: opening the Event group goes to /event/draft.
        if (opening) go(EVENT_GROUP_LANDING);
      }}
      onClick={({ key }) => go(key)}
    />
  );
}
