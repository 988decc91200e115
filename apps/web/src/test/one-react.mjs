// Test-only Node preload (see vitest.config.ts, projects "web" and "admin"). The workspace root hoists React
// 18 for an old peer range in antd-mobile's animation library, while the apps run React 19. Libraries that
// Vitest leaves to Node (everything in node_modules) would import the root copy and break hooks. This
// redirects every `react` / `react-dom` import and require, from anywhere, to one app's copy: the web
// package's by default, or the package named by `?app=<folder under apps/>` on this module's URL.
import Module, { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const app = new URL(import.meta.url).searchParams.get('app') ?? 'web';
const webPackage = fileURLToPath(new URL(`../../../${app}/package.json`, import.meta.url));
const webRequire = createRequire(webPackage);
const REACT = /^react(-dom)?(\/.*)?$/;

// Resolved once, before the patch, so the patch never calls itself.
const IDS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-dom/test-utils',
];
const resolved = Object.fromEntries(IDS.map((id) => [id, webRequire.resolve(id)]));
const webParent = {
  id: webPackage,
  filename: webPackage,
  paths: Module._nodeModulePaths(path.dirname(webPackage)),
};

const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolve(request, parent, ...rest) {
  if (resolved[request]) return resolved[request];
  if (REACT.test(request)) return originalResolve.call(this, request, webParent, ...rest);
  return originalResolve.call(this, request, parent, ...rest);
};

const hooks = `
const map = ${JSON.stringify(Object.fromEntries(IDS.map((id) => [id, pathToFileURL(resolved[id]).href])))};
export async function resolve(specifier, context, next) {
  if (map[specifier]) return { url: map[specifier], shortCircuit: true, format: 'commonjs' };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
