import '@testing-library/jest-dom/vitest';
import { cleanup } from './render';
import { afterEach, vi } from 'vitest';
import '../lib/antdReact19';
import { loadLaterStrings } from '../i18n';
import { loadToast } from '../lib/toast';

// Toasts load with their first use in the app; loaded here, they appear synchronously as tests expect.
await loadToast();
// The strings of later screens come with those screens in the app; tests render the screens directly.
await loadLaterStrings();

// jsdom lacks these browser APIs that antd-mobile and our components touch.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
