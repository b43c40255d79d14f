import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The decoder's WebAssembly, emitted into our own build (no CDN: the door may have no internet
// beyond our server, and the CSP allows no other origin).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './detector';

/**
 * The `barcode-detector` ponyfill (zxing-wasm), for browsers without a native BarcodeDetector
 * that reads QR codes. Loaded by a dynamic import when scanning starts, never in the route's
 * first load; its .wasm is fetched from our build once, when the first frame is decoded.
 */
export function createZxingDetector(): QrDetector {
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
