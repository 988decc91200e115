import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n';

// The jsdom stubs antd needs (matchMedia, scrollTo) are shared with the player app: vitest.config.ts loads
// apps/web/src/test/jsdom-stubs.ts before this file. A test that replaces a global (most of all `fetch`, with the fake console server) gets it back after itself.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
