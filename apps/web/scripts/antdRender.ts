import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Puts src/lib/antdRender.ts in place of antd-mobile's `es/utils/unstable-render.js`, the one module through
 * which antd-mobile renders Toast and Dialog: React 19's createRoot from the start, and none of the legacy
 * render helper (rc-util, Babel runtime) in the first screen's JavaScript. A build in which antd-mobile no
 * longer imports that module fails, rather than shipping toasts that never appear. (`vite dev` pre-bundles
 * antd-mobile without plugins; main.tsx hands it the same render there.)
 */
export function antdRender(): Plugin {
  const replacement = path.resolve(import.meta.dirname, '../src/lib/antdRender.ts');
  let building = false;
  let replaced = false;
  let sawAntd = false;
  return {
    name: 'koi-antd-render',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source, importer) {
      if (!importer || !/[\\/]antd-mobile[\\/]es[\\/]/.test(importer)) return null;
      sawAntd = true;
      if (!/(?:^|\/)unstable-render(?:\.js)?$/.test(source)) return null;
      replaced = true;
      return replacement;
    },
    buildEnd(error) {
      if (building && !error && sawAntd && !replaced) {
        this.error('antd-mobile no longer imports utils/unstable-render: update scripts/antdRender.ts');
      }
    },
  };
}
