import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside every text asset and the QR decoder's wasm (x.js.br, x.js.gz): the API serves the one
    // the browser accepts (@fastify/static preCompressed), so nothing is compressed per request.
    compression({
      algorithms: [['brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }], ['gzip', { level: 9 }]],
      include: /\.(js|mjs|css|html|svg|json|txt|ttf|otf|wasm)$/,
      threshold: 0,
    }),
  ],
  server: {
    port: 5173,
    // The pages the API renders too (event page and e-ticket, twibbon, certificate check,
    // unsubscribe): with PUBLIC_URL on this port, their links would otherwise open the dashboard.
    proxy: Object.fromEntries(['/v1', '/files', '/e/', '/t/', '/u/', '/verify/'].map((prefix) => [prefix, 'http://localhost:3000'])),
  },
  build: {
    outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200,
    // dist/.vite/manifest.json: scripts/bench/web.ts measures each route's first load from it.
    manifest: true,
    rolldownOptions: {
      // The dashboard, and the public scripts as entries of their own: the twibbon
      // maker, the event page's registration form and the e-ticket's attendance form. Their pages are rendered by the API
      // (/t/:customKey, /e/:eventId), which finds the scripts in the manifest; they share
      // nothing with the dashboard's bundle (no React, no antd).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        twibbon: fileURLToPath(new URL('./src/public/twibbon/main.ts', import.meta.url)),
        register: fileURLToPath(new URL('./src/public/register/main.ts', import.meta.url)),
        attendance: fileURLToPath(new URL('./src/public/attendance/main.ts', import.meta.url)),
        // The embedded form's frame: tells the host page its height (the host's own script, embed.js, is vite.embed.config.ts).
        embedFrame: fileURLToPath(new URL('./src/public/embed/frame.ts', import.meta.url)),
      },
      // antd declares `sideEffects`; @rc-component/form and its validator do not, so all of
      // them was kept once antd's Input (through its form context) imported the package: that
      // put the whole form library into /login. Both are side-effect-free ES modules. (Marking all
      // of @rc-component/* so broke an antd Select in the event wizard e2e: not done.)
      // (manualPureFunctions: ['z'] to drop unused zod schemas was tried and reverted: it
      // matches any function named `z`, and the minified zxing-wasm glue registers its types
      // through one: the QR decoder failed with "unbound types".)
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@rc-component\/(form|async-validator)\//, sideEffects: false }] },
    },
  },
});
