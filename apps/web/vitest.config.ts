import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // antd screens in jsdom take seconds when two cores are shared with API suites; 5 s timed
    // out, and 20 s did with the browser suite beside them (TicketModal, 22 s at load 11).
    testTimeout: 60_000,
  },
});
