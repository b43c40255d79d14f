import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES module: `antd/locale/id_ID` is CommonJS (antd/lib) and cannot be tree-shaken.
import idID from 'antd/es/locale/id_ID';
import { TOAST_DURATION_S, TOAST_MAX } from '@eo/contract';

/**
 * antd's Indonesian locale and App: `App.useApp()` toasts (2 s, at most 3: spec section 8),
 * confirm dialogs and notifications, and the base text style. Around the dashboard layout
 * (loaded after sign-in), inside the theme of `Providers`; the login page has its own toast
 * with the same settings.
 */
export function Feedback({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={idID}>
      <AntApp message={{ duration: TOAST_DURATION_S, maxCount: TOAST_MAX }}>{children}</AntApp>
    </ConfigProvider>
  );
}
