import { useEffect } from 'react';
import { message } from 'antd';
import { TOAST_DURATION_S, TOAST_MAX } from '@eo/contract';

/**
 * The login page's error toast, loaded on the first failed sign-in (antd's message is not part
 * of /login's first load). The settings of the dashboard's toasts: 2 s, at most 3.
 * A new `n` shows `text` once more.
 */
export function LoginToast({ text, n }: { text: string; n: number }) {
  const [api, holder] = message.useMessage({ duration: TOAST_DURATION_S, maxCount: TOAST_MAX });
  useEffect(() => {
    void api.error(text);
  }, [api, text, n]);
  return holder;
}
