import { vi } from 'vitest';

// jsdom lacks browser layout APIs that antd, antd-mobile and our components call (media queries for the
// responsive pieces, window scrolling). Both the player app's and the console's component tests load this
// file before their own set-up (vitest.config.ts), so the two apps stub them in one place.
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
