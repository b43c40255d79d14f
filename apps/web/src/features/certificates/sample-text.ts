/**
 * The texts the canvas shows inside the placeholders, fitted the way the server's renderer does
 * (api render/text-fit.ts; both cut with the contract's certificateText), so the editor does
 * not promise what the PDF breaks.
 */
let ctx: CanvasRenderingContext2D | null | undefined;
function measureCtx(): CanvasRenderingContext2D | null {
  if (ctx === undefined) {
    try {
      ctx = document.createElement('canvas').getContext('2d');
    } catch {
      ctx = null;
    }
  }
  return ctx;
}

/** The largest size, at most `size`, at which `text` fits the box; `size` when nothing can measure. */
export function fitFontSize(text: string, family: string, size: number, box: { width: number; height: number }, floor = 4): number {
  const c = measureCtx();
  if (!c || !text || size <= floor) return size;
  let s = size;
  for (let i = 0; i < 40; i++) {
    c.font = `${s}px ${family}`;
    const m = c.measureText(text);
    // The wider of ink and advance: konva lays the line out by its advance and cuts what passes the box.
    const w = Math.max(m.width, (m.actualBoundingBoxLeft ?? 0) + (m.actualBoundingBoxRight ?? m.width));
    const h = (m.actualBoundingBoxAscent ?? s * 0.8) + (m.actualBoundingBoxDescent ?? s * 0.2);
    if ((w <= box.width && h <= box.height) || s <= floor) return s;
    const guess = s * Math.min(box.width / Math.max(w, 1), box.height / Math.max(h, 1));
    s = Math.max(floor, Math.min(guess, s - 0.5));
  }
  return s;
}
