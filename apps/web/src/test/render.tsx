import { configure } from '@testing-library/dom';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * A minimal React 19 render for Testing Library. @testing-library/react would load the workspace root's
 * hoisted React 18 renderer (it is CommonJS, so Vitest cannot redirect its imports), which cannot render
 * React 19 elements; @testing-library/dom is renderer-agnostic and is wired to React's act here.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

configure({
  eventWrapper: (cb) => {
    let result: unknown;
    act(() => {
      result = cb();
    });
    return result;
  },
  asyncWrapper: async (cb) => {
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const result = await cb();
      // Let pending microtasks (resolved fetches, state updates) settle inside act.
      await act(async () => undefined);
      return result;
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
  },
});

const mounted = new Set<{ root: Root; container: HTMLElement }>();

export function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(ui));
  const entry = { root, container };
  mounted.add(entry);
  return {
    container,
    rerender: (next: ReactNode) => act(() => root.render(next)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      mounted.delete(entry);
    },
  };
}

export function cleanup() {
  for (const { root, container } of mounted) {
    act(() => root.unmount());
    container.remove();
  }
  mounted.clear();
  document.body.innerHTML = '';
}

export { fireEvent, screen, waitFor, within } from '@testing-library/dom';
export { act };
