import { useEffect, useState } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useEventDetail } from '../../lib/event-detail';
import { getRoles } from '../../lib/session-store';
import { useCanDo } from '../../lib/use-can';
import { EVENT_GROUP_KEY, EVENT_GROUP_LANDING, eventGroup, eventOfPath, menuItems, selectedMenuKey } from './menu';

interface Props {
  collapsed?: boolean;
  /** Called after a choice (the mobile menu closes itself). */
  onNavigate?: () => void;
}

export function SideMenu({ collapsed = false, onNavigate }: Props) {
  const navigate = useNavigate();
  const can = useCanDo();
  const { pathname } = useLocation();
  // The page itself loads the same event (one request, shared through the query cache).
  const event = useEventDetail(eventOfPath(pathname));
  const selected = selectedMenuKey(pathname, event.data ? eventGroup(event.data) : undefined);
  const inEventGroup = /^\/(event|ticket)/.test(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(inEventGroup ? [EVENT_GROUP_KEY] : []);
  // Arriving on one of its pages by a link or the browser's history opens the group too. The menu
  // is never keyed by the organization: mounted again when the memberships arrived, it lost the
  // group a click had just opened.
  useEffect(() => {
    if (inEventGroup) setOpenKeys((keys) => (keys.includes(EVENT_GROUP_KEY) ? keys : [...keys, EVENT_GROUP_KEY]));
  }, [inEventGroup]);

  const go = (path: string) => {
    navigate(path);
    onNavigate?.();
  };

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={menuItems(getRoles(), can)}
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
