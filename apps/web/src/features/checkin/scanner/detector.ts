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
