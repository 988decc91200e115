import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative components (Toast, Dialog.confirm) with the legacy ReactDOM.render,
 * which React 19 removed. Its documented React 19 bridge hands it createRoot instead; without this, toasts
 * silently never appear. Must run before the first Toast.
 */
type Container = (Element | DocumentFragment) & { __koiRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__koiRoot ??= createRoot(container);
  const root = container.__koiRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__koiRoot;
  };
});
