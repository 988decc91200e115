import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdRender } from './scripts/antdRender';
import { inlineCss } from './scripts/inlineCss';
import { precompress } from './scripts/precompress';

/**
 * The app is served by the API server from the same origin, so `/api` needs no base URL. In `vite dev` the
 * proxy forwards it to a server started with `npm run dev` at the repository root.
 *
 * `dedupe` matters: the workspace root hoists an older React for a peer range elsewhere in the tree, and two
 * React copies in one bundle break hooks. Resolving React from this package keeps exactly one.
 */
export default defineConfig({
  // precompress: .br and .gz beside every built text file, served by negotiation (plugins/web.ts).
  // antdRender: antd-mobile's toasts and dialogs render with React 19's createRoot (src/lib/antdRender.ts).
  // inlineCss: the first screen's styles inside index.html, so nothing but the page holds the first paint back.
  plugins: [antdRender(), react(), inlineCss(), precompress()],
  resolve: { dedupe: ['react', 'react-dom', 'react-router'] },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the first screen needs comes in two files, libraries and the app's own code, instead of twenty
        // small shared chunks: each request costs a round trip's headers (about 1 KB) and a slot on a phone's
        // connection, and while twenty small files download beside the libraries they share the phone's
        // bandwidth with it. Lighthouse's slow-4G model (bench:web) had the 110 KB library file finish 0.5 s
        // later beside eighteen 1-4 KB chunks than beside one file holding them. Everything else (routes,
        // dialogs, toasts) stays split by how it is imported.
        //
        // `app` takes what the entry loads statically and `vendor` did not (the app's own modules, the few
        // antd-mobile parts the home page shows, Vite's preload helper), each module alone: without
        // `includeDependenciesRecursively: false` a group also takes everything its modules import, and the
        // lazily loaded screens' libraries (react-spring, gestures, dialogs) came into the first screen.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|use-sync-external-store)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            {
              name: 'app',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // What a signed-in home loads once its first screen is done (features/home/components/BalanceCard):
            // the balance counter, the refresh button and the in-game note, with the money helpers and the
            // icons they use, in one file. Split by how they are imported, they were four scripts and a
            // stylesheet, each request's start a task of the page's main thread and each script's evaluation
            // another, inside bench:web's signed-in blocking-time window. The other screens that use the money
            // helpers or these icons load this file too (about 3 KB gzip).
            {
              name: 'balance',
              test: /[\\/](?:web[\\/]src[\\/](?:features[\\/]home[\\/]components[\\/](?:CountUp|balanceLater)|features[\\/]auth[\\/]components[\\/]RefreshBalanceButton|features[\\/]money[\\/]money|components[\\/]MoreIcons)|ledger[\\/]src[\\/][^\\/]+)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
