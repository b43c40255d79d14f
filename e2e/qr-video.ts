import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A Y4M video of one QR code, for Chromium's fake camera (`--use-file-for-fake-video-capture`):
 * the ticket held up to the phone at the door. Chromium loops the file, so a few identical
 * frames are a still picture. 4:2:0 planes: luma carries the code, chroma stays neutral grey.
 */
export function writeQrVideo(file: string, text: string, { width = 640, height = 480, frames = 5 } = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + 2 * quiet;
  const scale = Math.floor((Math.min(width, height) * 0.85) / cells);
  const side = cells * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    const row = Math.floor(y / scale) - quiet;
    for (let x = 0; x < side; x++) {
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.data[row * modules.size + col] === 1;
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
