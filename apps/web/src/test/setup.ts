import '@testing-library/jest-dom/vitest';
import { cleanup } from './render';
import { afterEach } from 'vitest';
import '../lib/antdReact19';
import { loadLaterStrings } from '../i18n';
import { loadToast } from '../lib/toast';

// Toasts load with their first use in the app; loaded here, they appear synchronously as tests expect.
await loadToast();
// The strings of later screens come with those screens in the app; tests render the screens directly.
await loadLaterStrings();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
