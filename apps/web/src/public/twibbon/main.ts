/**
 * The public twibbon maker (`/t/{customKey}`): plain DOM over the page the server
 * rendered (title, caption, guide, labelled controls). No React, no antd: this script is its
 * own small entry of the web build. The photo is read and drawn here only; nothing of it is
 * sent. Each download is counted with one POST.
 */
import { PUBLIC_TWIBBON_ADDRESS, PUBLIC_TWIBBON_TEXT as T, twibbonFileName } from './texts';
import { drag, INITIAL_VIEW, keyView, OUTPUT, pinchZoom, placement, wheelZoom, zoomTo, type Size, type View } from './maker-math';

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E | null;

function start() {
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

  // The frame: a PNG with transparency, drawn over the photo. Same-origin in practice
  // (/files/…); `anonymous` keeps the canvas exportable when a CDN sends CORS headers.
  const frameImage = new Image();
  frameImage.crossOrigin = 'anonymous';
  frameImage.onload = () => { frame = frameImage; draw(); };
  frameImage.onerror = () => say(T.frameError);
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
      zoomInput.disabled = resetButton.disabled = downloadButton.disabled = false;
      say('');
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

  downloadButton.addEventListener('click', () => {
    if (!photo) { say(T.noPhoto); return; }
    draw();
    canvas.toBlob((blob) => {
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
    }, 'image/png');
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
