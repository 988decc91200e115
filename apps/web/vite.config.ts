import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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
  plugins: [react(), precompress()],
  resolve: { dedupe: ['react', 'react-dom', 'react-router'] },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { target: 'es2020', chunkSizeWarningLimit: 600 },
});
