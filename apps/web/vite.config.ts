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
      // antd declares `sideEffects`; its @rc-component/* dependencies do not, so every module
      // they import was kept whole: antd's Input (through its form context) brought all of
      // @rc-component/form, with its validator, into /login. They are side-effect-free ES modules.
      treeshake: { moduleSideEffects: [{ test: /node_modules\/@rc-component\//, sideEffects: false }] },
    },
  },
});
