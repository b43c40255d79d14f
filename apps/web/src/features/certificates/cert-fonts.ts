import { CERT_FONTS, type CertFont } from '@eo/contract';
import quicksand from '@expo-google-fonts/quicksand/600SemiBold/Quicksand_600SemiBold.ttf?url';
import poppins from '@expo-google-fonts/poppins/600SemiBold/Poppins_600SemiBold.ttf?url';
import montserrat from '@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf?url';
import playfair from '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf?url';
import greatVibes from '@expo-google-fonts/great-vibes/400Regular/GreatVibes_400Regular.ttf?url';

/**
 * The same TTFs the server renders with (CERT_FONTS' `file`), registered under the font's
 * `value` as family name, as the server does: what the canvas shows is what gets printed.
 */
const FILES: Record<CertFont, string> = {
  Quicksand: quicksand, Poppins: poppins, Montserrat: montserrat, PlayfairDisplay: playfair, GreatVibes: greatVibes,
};

let loading: Promise<void> | null = null;

/** Loads the five fonts once; resolves when all settled (a failed one falls back, drawing goes on). */
export function loadCertFonts(): Promise<void> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  loading ??= Promise.allSettled(
    CERT_FONTS.map(async (f) => {
      const face = new FontFace(f.value, `url(${FILES[f.value]})`);
      document.fonts.add(await face.load());
    }),
  ).then(() => undefined);
  return loading;
}

/** CSS `font-family` of a certificate font, with a generic fallback while it loads. */
export const fontFamilyOf = (font: string | undefined) => `"${font ?? CERT_FONTS[0].value}", ${font === 'GreatVibes' ? 'cursive' : 'sans-serif'}`;
