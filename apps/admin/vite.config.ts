import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The console is served by the API server under `/admin` (plugins/admin-web.ts), so assets are built for that
 * base and `/api` needs no origin. In `vite dev` the proxy forwards `/api` to `npm run dev` at the root.
 *
 * `dedupe` matters for the same reason as in the player app: the workspace root hoists React 18 for an old
 * peer range elsewhere in the tree, and antd (hoisted to the root) must render with this package's React 19.
 *
 * antd and ECharts are large; they get their own chunks so the console's own code stays small and cacheable.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom', 'react-router'] },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (/node_modules\/(echarts|zrender)\//.test(id)) return 'charts';
          if (/node_modules\/(antd|@ant-design|rc-[^/]+|@rc-component)\//.test(id)) return 'antd';
          return undefined;
        },
      },
    },
  },
});
