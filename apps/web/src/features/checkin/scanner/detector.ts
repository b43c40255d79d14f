/** The part of the Barcode Detection API the scanner uses (native or the ponyfill). */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's BarcodeDetector when it reads QR codes (Chrome on Android), else the
 * `barcode-detector` ponyfill, fetched only now.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes('qr_code')) return new Native({ formats: ['qr_code'] });
    } catch {
      // Fall through to the ponyfill.
    }
  }
  return (await import('./zxing-detector')).createZxingDetector();
}

let ready: Promise<QrDetector> | undefined;

/**
 * The page's one detector, made as soon as the screen opens: the door may lose the network
 * before the first ticket, and the ponyfill's code and WebAssembly must be here by then. A
 * failed attempt (offline on opening) is forgotten, so the next call tries again.
 */
export function qrDetector(): Promise<QrDetector> {
  ready ??= createQrDetector().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}
