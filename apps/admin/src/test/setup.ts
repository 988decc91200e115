import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n';

// The jsdom stubs antd needs (matchMedia, scrollTo) are shared with the player app: vitest.config.ts loads
// apps/web/src/test/jsdom-stubs.ts before this file.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
