import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The decoder's WebAssembly, emitted into our own build (no CDN: the door may have no internet
// beyond our server, and the CSP allows no other origin).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './detector';

/**
 * The `barcode-detector` ponyfill (zxing-wasm), for browsers without a native BarcodeDetector
 * that reads QR codes. Loaded by a dynamic import when scanning starts, never in the route's
 * first load; its .wasm is fetched from our build then, once.
 */
export async function createZxingDetector(): Promise<QrDetector> {
  // Instantiated now (fireImmediately), not on the first frame: a wasm that cannot load (a
  // network error, a CSP without 'wasm-unsafe-eval') is reported when scanning starts.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
