import '@testing-library/jest-dom/vitest';
import { cleanup } from './render';
import { afterEach, vi } from 'vitest';
import '../lib/antdReact19';
import '../i18n';

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
