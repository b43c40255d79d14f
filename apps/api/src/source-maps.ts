/**
 * Preloaded before the server and the worker (`node --import ./apps/api/dist/source-maps.js`):
 * stack traces name our TypeScript sources. Only our own maps are read: Node's
 * `--enable-source-maps` also parses every package's map, about 6 MB of heap an idle process
 * never uses. Node 20 has no such choice and reads them all.
 */
import module from 'node:module';

const support = (module as { setSourceMapsSupport?: (enabled: boolean, options: { nodeModules: boolean }) => void }).setSourceMapsSupport;
if (support) support(true, { nodeModules: false });
else process.setSourceMapsEnabled(true);
