import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200,
    // dist/.vite/manifest.json: scripts/bench/web.ts measures each route's first load from it.
    manifest: true,
    rolldownOptions: {
      // antd declares `sideEffects`; @rc-component/form and its validator do not, so all of
      // them was kept once antd's Input (through its form context) imported the package: that
      // put the whole form library into /login. Both are side-effect-free ES modules. (Marking all
      // of @rc-component/* so broke an antd Select in the event wizard e2e: not done.)
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@rc-component\/(form|async-validator)\//, sideEffects: false }] },
    },
  },
});
