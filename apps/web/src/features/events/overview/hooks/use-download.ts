import { useState } from 'react';
import { App } from 'antd';
import { DOWNLOAD_MSG } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download-file';

/**
 * A server export saved by the browser, with the spec's toasts; `busy` names the download under
 * way (a screen may offer several formats).
 */
export function useDownload<K extends string>() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<K | null>(null);
  const download = async (key: K, url: URL, fallbackName: string) => {
    setBusy(key);
    message.loading(DOWNLOAD_MSG.downloading);
    try {
      await downloadFile(url, fallbackName);
      message.success(DOWNLOAD_MSG.downloaded);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
