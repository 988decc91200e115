import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the operator's system asks for less motion. The console then turns antd's motion off: dialogs and
 * drawers appear and go at once, which is what that setting promises, and no dialog is left half-closed over
 * the page when a browser skips a transition's end (a closing wrapper that never ends blocks every click).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(QUERY).matches ?? false,
    () => false,
  );
}
