import type { Toast as AntdToast } from 'antd-mobile';

/**
 * A toast for code on the first screen (the HTTP client, opening a game). antd-mobile's Toast brings its mask
 * and the react-spring animation library (about 22 KB gzip) with it, which the first screen never needs
 * unless something fails; so it is fetched on the first toast, and shown synchronously once it is here.
 * Screens that load later import Toast from antd-mobile directly.
 */
let toast: typeof AntdToast | null = null;
let loading: Promise<typeof AntdToast> | null = null;

/** Loads the toast code; tests await it once so that toasts appear synchronously, as they do afterwards. */
export function loadToast(): Promise<typeof AntdToast> {
  loading ??= import('./toastImpl').then((m) => (toast = m.Toast));
  return loading;
}

/**
 * A message the player must acknowledge (an account frozen while signed in): a dialog with one button, from
 * the same lazily loaded chunk as the toast.
 */
export function showAlert(content: string, confirmText: string) {
  void import('./toastImpl').then((m) => m.Dialog.alert({ content, confirmText }));
}

/** Spec §8: a failure's message, centred. */
export function showToast(content: string) {
  if (toast) toast.show({ content, position: 'center' });
  else void loadToast().then((t) => t.show({ content, position: 'center' }));
}
