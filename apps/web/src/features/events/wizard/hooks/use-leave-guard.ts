import { useEffect } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { WIZARD_TEXT as T } from '../texts';

/**
 * Leaving the wizard with unsaved changes asks first: in-app navigation through a confirm
 * dialog, a reload or closed tab through the browser's own prompt (unless `reloadSafe`:
 * a new event's form survives a reload in local storage).
 */
export function useLeaveGuard(dirty: boolean, reloadSafe: boolean, onLeave: () => void) {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: T.leaveTitle,
      content: T.leaveBody,
      okText: T.leaveOk,
      cancelText: T.stay,
      okButtonProps: { danger: true },
      onOk: () => {
        onLeave();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, onLeave]);

  useEffect(() => {
    if (!dirty || reloadSafe) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, reloadSafe]);
}
