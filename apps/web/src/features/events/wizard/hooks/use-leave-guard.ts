import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { WIZARD_TEXT as T } from '@eo/contract';

/**
 * Leaving the wizard with unsaved changes asks first: in-app navigation through a confirm
 * dialog, a reload or closed tab through the browser's own prompt (unless `reloadSafe`:
 * a new event's form survives a reload in local storage).
 */
export function useLeaveGuard(dirty: boolean, reloadSafe: boolean, onLeave: () => void) {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  // One dialog per blocked navigation, however often this re-renders meanwhile.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const dialog = modal.confirm({
      title: T.leaveTitle,
      content: T.leaveBody,
      okText: T.leaveOk,
      cancelText: T.stay,
      okButtonProps: { danger: true },
      onOk: () => {
        asking.current = false;
        onLeave();
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
    return () => {
      if (blocker.state !== 'blocked') dialog.destroy();
    };
  }, [blocker, modal, onLeave]);

  useEffect(() => {
    if (!dirty || reloadSafe) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, reloadSafe]);
}
