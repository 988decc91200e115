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

/**
 * React.lazy for a part of the home screen that loads after the first screen but speaks only the first
 * screen's strings (i18n/zh-CN.ts): the signed-in balance counter and refresh button, the balance stream, the
 * invite links, the session reminder's timer and the notice. Unlike lazyScreen it does not pull in the later
 * screens' strings, a chunk larger than all of these parts together, and their merge into the translations,
 * which a signed-in home would otherwise pay for right after its first screen (e2e/budget.e2e.mjs checks it
 * never asks for them). A part that shows later strings must load them itself (see RealityCheck).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own.
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(load);
}
