import { UPLOAD_MSG, UPLOADS, type DocType, type ErrorBody } from '@eo/contract';
import { ApiError, authorization, handleUnauthorized } from './api-client';

/**
 * Multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * Images go to UPLOADS.image, CSVs and certificate templates to UPLOADS.file.
 */
export async function uploadFile(docType: DocType, file: File, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  const endpoint = docType === 'CSV' || docType === 'CertificateTemplate' ? UPLOADS.file : UPLOADS.image;
  const auth = await authorization();
  const body = new FormData();
  body.append('docType', docType);
  body.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpoint.path);
    if (auth) xhr.setRequestHeader('authorization', auth);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(new ApiError(0, { message: UPLOAD_MSG.failed }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let json: { data?: { url?: string } } & Partial<ErrorBody> = {};
      try {
        json = JSON.parse(xhr.responseText || '{}');
      } catch {
        json = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && json.data?.url) return resolve(json.data.url);
      if (xhr.status === 401) handleUnauthorized();
      reject(new ApiError(xhr.status, { ...json, message: json.message || UPLOAD_MSG.failed }));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/** Width and height of an image file, read in the browser before it is sent. */
export function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}
