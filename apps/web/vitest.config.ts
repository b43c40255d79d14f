import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

/** The web tests that replace a module (`vi.mock`), as paths from this folder. */
const isolatedFiles = () => readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .map((f) => `src/${f.split(path.sep).join('/')}`)
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, f), 'utf8')));

/**
 * The web tests as two projects. `web` runs its files in one worker's module registry
 * (`isolate: false`): importing antd and the app for every file was most of their time (110 s
 * against 46). A file that replaces a module (`vi.mock`) cannot share the registry, as another
 * file may have loaded the real module first: those run in `web-isolated`, each on its own.
 */
export function webProjects(): TestProjectInlineConfiguration[] {
  const isolated = isolatedFiles();
  const project = (name: string, include: string[], exclude: string[], isolate: boolean): TestProjectInlineConfiguration => ({
    plugins: [react()],
    test: {
      name, root, include, exclude, isolate,
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // antd screens in jsdom take seconds when two cores are shared with API suites; 5 s timed
      // out, and 20 s did with the browser suite beside them (TicketModal, 22 s at load 11).
      testTimeout: 60_000,
    },
  });
  return [
    project('web', ['src/**/*.test.{ts,tsx}'], [...configDefaults.exclude, ...isolated], false),
    project('web-isolated', isolated, configDefaults.exclude, true),
  ];
}

export default defineConfig({ test: { projects: webProjects() } });
