import { useEffect, useState } from 'react';
import { loadCertFonts } from '../cert-fonts';

/** True once the certificate fonts are in; the canvas redraws its texts then. */
export function useCertFonts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadCertFonts().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
