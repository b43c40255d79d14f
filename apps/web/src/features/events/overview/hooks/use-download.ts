import { useState } from 'react';
import { App } from 'antd';
import { errorText } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download-file';

/** Spec section 8, Downloads. */
export const DOWNLOAD_TEXT = { downloading: 'Downloading Data...', downloaded: 'Download Completed' } as const;

/**
 * A server export saved by the browser, with the spec's toasts; `busy` names the download under
 * way (a screen may offer several formats).
 */
export function useDownload<K extends string>() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<K | null>(null);
  const download = async (key: K, url: URL, fallbackName: string) => {
    setBusy(key);
    message.loading(DOWNLOAD_TEXT.downloading);
    try {
      await downloadFile(url, fallbackName);
      message.success(DOWNLOAD_TEXT.downloaded);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
