import './app/captureSignInLink';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './i18n';
// antd-mobile's own variables first, so the app's tokens in global.css (its brand colour as
// --adm-color-primary, the dark set) come after them in the one stylesheet the first screen's styles are
// merged into and win; imported by its components only, they landed after global.css.
import 'antd-mobile/es/global';
import './styles/global.css';
import { enterAtHome } from './app/enterAtHome';
import { routes } from './app/routes';
import { startApp } from './app/startup';
import { installRem } from './lib/rem';
import { createQueryClient } from './lib/query';
import { firstRenderCommitted } from './lib/useFirstScreenDone';
import { yieldToMain } from './lib/yieldToMain';

// The build renders antd-mobile's toasts with createRoot already (scripts/antdRender.ts); `vite dev`
// pre-bundles antd-mobile untouched, so it is told here.
if (import.meta.env.DEV) void import('./lib/antdReact19');
installRem();
const queryClient = createQueryClient();

/**
 * How long the first render waits for a sign-in link's exchange at most. Rendered at once, the home page
 * showed a guest's first screen (the sign-in button where the balance goes) and then, when the session arrived,
 * the player's: two renders of the whole page, the second one at once in a single long task, as the session's
 * store changed while React was still rendering the first. The splash in index.html stays up meanwhile.
 */
const SIGN_IN_RENDER_WAIT_MS = 2_000;

void boot();

/**
 * The app starts in four main-thread tasks instead of one: the modules' evaluation, start-up's requests
 * (first after it, as the network is a phone's slowest part; each fetch call costs the main thread a few
 * milliseconds cold), the router (matching and ranking every route: 5-20 ms of this machine's main thread,
 * cold), then the first render. Run as one task, the four were the page's longest, 50-80 ms unthrottled: a
 * phone's blocking time counted it whole, several times over, where each part apart counts little or nothing.
 */
async function boot() {
  await yieldToMain();
  const signingIn = startApp(queryClient);
  enterAtHome();
  await yieldToMain();
  const router = createBrowserRouter(routes);
  if (signingIn) {
    await Promise.race([signingIn, new Promise((resolve) => setTimeout(resolve, SIGN_IN_RENDER_WAIT_MS))]);
  }
  await yieldToMain();
  render(router);
}

/** Tells the turns after the first screen (lib/useFirstScreenDone) that the app's first render has committed. */
function FirstRenderCommitted() {
  useEffect(firstRenderCommitted, []);
  return null;
}

function render(router: ReturnType<typeof createBrowserRouter>) {
  const root = createRoot(document.getElementById('root')!);
  // The first render is a transition, so React renders it in slices of a few milliseconds and the phone's main
  // thread stays free between them (the boot splash in index.html stays up until the render commits). Given
  // as an ordinary update it was one task of the whole app's first render: on bench:web's calibrated phone
  // (a 7-9x slowdown of this machine) several hundred milliseconds of blocking time on the home page.
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <FirstRenderCommitted />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
