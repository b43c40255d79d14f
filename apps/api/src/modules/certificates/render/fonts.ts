import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import { CERT_FONTS } from '@eo/contract';

const require = createRequire(import.meta.url);
let registered = false;

/** Absolute path of a certificate font's TTF, resolved like an import so hoisting does not matter. */
export function certFontPath(font: (typeof CERT_FONTS)[number]): string {
  const dir = path.dirname(require.resolve(`@expo-google-fonts/${font.pkg}/package.json`));
  return path.join(dir, font.file);
}

/**
 * Registers the five certificate TTFs under their CERT_FONTS `value` as family name, once per
 * process. Throws on a missing file: a silent fallback font would change every certificate.
 */
export function registerCertFonts(): void {
  if (registered) return;
  for (const font of CERT_FONTS) {
    const file = certFontPath(font);
    if (!GlobalFonts.registerFromPath(file, font.value)) throw new Error(`Cannot load certificate font ${font.value} from ${file}`);
  }
  registered = true;
}
