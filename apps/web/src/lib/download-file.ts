import { ApiError, authorization, handleUnauthorized } from './api-client';

/** The file name a `Content-Disposition` header gives, else the fallback. */
export function dispositionName(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return header?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * Downloads a server-generated file (the server streams it in one response) and hands it to
 * the browser's save dialog. `url`: a `file` endpoint's (`endpointUrl`).
 */
export async function downloadFile(url: URL, fallbackName: string): Promise<void> {
  const auth = await authorization();
  const res = await fetch(url, { headers: auth ? { authorization: auth } : {} });
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized();
    const body = await res.json().catch(() => ({}));
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = dispositionName(res.headers.get('content-disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
