import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * `dist/embed.js`, the script other sites load to embed an event's registration form
 * (src/public/embed/embed.ts): a classic script at a fixed address, so an IIFE of its own build
 * (the app's build makes ES modules with hashed names). Runs after the app's build, into the same
 * folder; the API serves it with a short cache (plugins/web-app.ts).
 */
export default defineConfig({
  plugins: [
    compression({
      algorithms: [['brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }], ['gzip', { level: 9 }]],
      include: /\.js$/,
      threshold: 0,
    }),
  ],
  publicDir: false,
  build: {
    outDir: 'dist', emptyOutDir: false, sourcemap: false, minify: true,
    lib: {
      entry: fileURLToPath(new URL('./src/public/embed/embed.ts', import.meta.url)),
      formats: ['iife'], name: 'eoEmbed', fileName: () => 'embed.js',
    },
  },
});
