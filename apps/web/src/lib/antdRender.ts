import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * How antd-mobile renders its imperative components (Toast, Dialog.confirm): with React 19's createRoot.
 *
 * antd-mobile 5 defaults to the legacy ReactDOM.render, which React 19 removed, through rc-util's render
 * helper (with Babel's regenerator runtime: about 7 KB gzip on the first screen for nothing). The build
 * puts this module in place of antd-mobile's own `utils/unstable-render` (scripts/antdRender.ts), so every
 * toast and dialog works from the first one, whichever chunk shows it. It keeps antd-mobile's API:
 * `unstableSetRender(render?)` replaces the render function and returns the current one.
 */
type Container = (Element | DocumentFragment) & { __koiRoot?: Root };
type Render = (node: ReactElement, container: Container) => () => Promise<void>;

export const createRootRender: Render = (node, container) => {
  container.__koiRoot ??= createRoot(container);
  const root = container.__koiRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__koiRoot;
  };
};

let current: Render = createRootRender;

export function unstableSetRender(render?: Render): Render {
  if (render) current = render;
  return current;
}
