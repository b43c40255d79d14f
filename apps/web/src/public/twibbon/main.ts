/**
 * The public twibbon maker (`/t/{customKey}`): plain DOM over the page the server
 * rendered (title, caption, guide, labelled controls). No React, no antd: this script is its
 * own small entry of the web build. The photo is read and drawn here only; nothing of it is
 * sent. Each download is counted with one POST.
 */
import { PUBLIC_TWIBBON_ADDRESS, PUBLIC_TWIBBON_TEXT as T, twibbonFileName } from './texts';
import { drag, INITIAL_VIEW, keyView, OUTPUT, pinchZoom, placement, wheelZoom, zoomTo, type Size, type View } from './maker-math';

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E | null;

/**
 * The downloaded picture. A JPEG: the canvas is opaque (white under the photo, the frame over it),
 * so nothing is lost to alpha, and at 1080 × 1080 Chromium encoded a photo in a quarter of the
 * PNG's time (281 ms against 1,109 ms on a CPU slowed six times) into an eighth of the bytes
 * (0.3 MB against 2.3 MB), which the social apps it is posted to re-encode as JPEG anyway.
 */
export const TWIBBON_IMAGE = { type: 'image/jpeg', quality: 0.92 } as const;

/** Resolves once the page has painted what was just changed (the encoder may hold the main thread). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function start() {
  const root = $('maker');
  const canvas = $<HTMLCanvasElement>('tw-canvas');
  const fileInput = $<HTMLInputElement>('tw-photo');
  const zoomInput = $<HTMLInputElement>('tw-zoom');
  const resetButton = $<HTMLButtonElement>('tw-reset');
  const downloadButton = $<HTMLButtonElement>('tw-download');
  const status = $('tw-status');
  const ctx = canvas?.getContext('2d');
  if (!root || !canvas || !ctx || !fileInput || !zoomInput || !resetButton || !downloadButton || !status) return;
  const key = root.dataset.key ?? '';

  const say = (text: string) => { status.textContent = text; };
  let frame: HTMLImageElement | undefined;
  let frameState: 'loading' | 'ready' | 'failed' = 'loading';
  let busy = false;
  let photo: HTMLImageElement | undefined;
  let photoUrl: string | undefined;
  let view: View = INITIAL_VIEW;
  const size = (): Size => ({ width: photo?.naturalWidth ?? 1, height: photo?.naturalHeight ?? 1 });

  const draw = () => {
    ctx.clearRect(0, 0, OUTPUT, OUTPUT);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, OUTPUT, OUTPUT);
    if (photo) {
      const p = placement(size(), view);
      ctx.drawImage(photo, p.dx, p.dy, p.dw, p.dh);
    }
    if (frame) ctx.drawImage(frame, 0, 0, OUTPUT, OUTPUT);
  };
  const setView = (next: View) => {
    view = next;
    zoomInput.value = String(view.zoom);
    draw();
  };

  /** What the status line says about the frame when nothing else is under way. */
  const frameNote = () => (frameState === 'loading' ? T.frameLoading : frameState === 'failed' ? T.frameError : '');
  /** The download needs the photo and the frame (a picture without the frame is no twibbon), and waits for the last one. */
  const refresh = () => {
    downloadButton.disabled = busy || !photo || frameState !== 'ready';
    downloadButton.setAttribute('aria-busy', String(busy));
  };

  // The frame: a PNG with transparency, drawn over the photo. Same-origin in practice
  // (/files/…); `anonymous` keeps the canvas exportable when a CDN sends CORS headers. A large
  // frame on a slow line takes a while: the status says so until it is drawn.
  const frameImage = new Image();
  frameImage.crossOrigin = 'anonymous';
  frameImage.onload = () => {
    frame = frameImage;
    frameState = 'ready';
    if (status.textContent === T.frameLoading) say('');
    refresh();
    draw();
  };
  frameImage.onerror = () => { frameState = 'failed'; say(T.frameError); refresh(); };
  say(T.frameLoading);
  frameImage.src = root.dataset.template ?? '';

  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    const img = new Image();
    const url = URL.createObjectURL(file);
    img.onload = () => {
      if (photoUrl) URL.revokeObjectURL(photoUrl);
      photo = img;
      photoUrl = url;
      zoomInput.disabled = resetButton.disabled = false;
      say(frameNote());
      refresh();
      setView(INITIAL_VIEW);
    };
    img.onerror = () => { URL.revokeObjectURL(url); say(T.badPhoto); };
    img.src = url;
  });

  zoomInput.addEventListener('input', () => { if (photo) setView(zoomTo(size(), view, Number(zoomInput.value))); });
  resetButton.addEventListener('click', () => setView(INITIAL_VIEW));

  // Drag with a mouse or one finger; pinch with two (pointer events cover both).
  const pointers = new Map<number, { x: number; y: number }>();
  const distance = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (!photo) return;
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  });
  canvas.addEventListener('pointermove', (e) => {
    const last = pointers.get(e.pointerId);
    if (!photo || !last) return;
    const before = distance();
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size >= 2) setView(zoomTo(size(), view, pinchZoom(view.zoom, before, distance())));
    else setView(drag(size(), view, e.clientX - last.x, e.clientY - last.y, canvas.getBoundingClientRect().width));
  });
  const release = (e: PointerEvent) => { pointers.delete(e.pointerId); };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  canvas.addEventListener('wheel', (e) => {
    if (!photo) return;
    e.preventDefault();
    const box = canvas.getBoundingClientRect();
    const k = OUTPUT / box.width;
    setView(zoomTo(size(), view, wheelZoom(view.zoom, e.deltaY), (e.clientX - box.left) * k, (e.clientY - box.top) * k));
  }, { passive: false });
  canvas.addEventListener('keydown', (e) => {
    if (!photo) return;
    const next = keyView(size(), view, e.key);
    if (!next) return;
    e.preventDefault();
    setView(next);
  });

  // The canvas always shows the current view (every change redraws it): encode it as it is.
  downloadButton.addEventListener('click', async () => {
    if (busy) return;
    if (!photo) { say(T.noPhoto); return; }
    if (frameState !== 'ready') { say(frameNote()); return; }
    busy = true;
    refresh();
    say(T.preparing);
    await afterPaint();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, TWIBBON_IMAGE.type, TWIBBON_IMAGE.quality));
    busy = false;
    refresh();
    if (!blob) { say(T.frameError); return; }
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = twibbonFileName(key);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say(T.downloaded);
    // One count per download; a failed count never blocks the picture.
    void fetch(PUBLIC_TWIBBON_ADDRESS.use.path.replace(':customKey', encodeURIComponent(key)), { method: 'POST', keepalive: true }).catch(() => undefined);
  });

  const copyButton = $<HTMLButtonElement>('tw-copy');
  const caption = $<HTMLTextAreaElement>('tw-caption');
  copyButton?.addEventListener('click', async () => {
    if (!caption) return;
    try {
      await navigator.clipboard.writeText(caption.value);
      say(T.copied);
    } catch {
      // Older browsers, or a page not in a secure context: select the text and copy it.
      caption.select();
      let ok = false;
      try { ok = document.execCommand('copy'); } catch { ok = false; }
      say(ok ? T.copied : T.copyFailed);
    }
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
