import { useState } from 'react';
import { App } from 'antd';
import { UPLOAD_MSG, type DocType } from '@eo/contract';
import { ApiError } from './api-client';
import { uploadFile } from './upload-file';

/** Spec section 8: the server's message for an upload, else `An error occured when uploading`. */
const uploadErrorText = (err: unknown) => (err instanceof ApiError ? err.body.errors?.[0]?.message || err.message : UPLOAD_MSG.failed);

/**
 * The state of one upload field: progress while sending (null when idle), the refusal shown
 * under the field (also raised as a toast by `fail`), and `upload`, which resolves to the
 * stored file's URL, or undefined once it has shown why the upload failed.
 */
export function useUpload() {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (text: string) => {
    setError(text);
    message.error(text);
  };

  const upload = async (docType: DocType, file: File): Promise<string | undefined> => {
    setProgress(0);
    try {
      return await uploadFile(docType, file, setProgress);
    } catch (err) {
      fail(uploadErrorText(err));
      return undefined;
    } finally {
      setProgress(null);
    }
  };

  return { progress, uploading: progress !== null, error, fail, clearError: () => setError(null), upload };
}
