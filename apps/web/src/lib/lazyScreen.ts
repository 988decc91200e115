import { lazy, type ComponentType } from 'react';
import { loadLaterStrings } from '../i18n';

/**
 * React.lazy for a screen or dialog that loads after the first screen: its code and the strings of the later
 * screens (i18n/zh-CN.later.ts) arrive together, so it never renders a bare translation key.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own.
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadLaterStrings()]).then(([module]) => module));
}
