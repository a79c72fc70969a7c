import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development; in production it serves dist/ itself. */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      // Regex keys so that e.g. /authors or /apiary stay client routes.
      '^/api(/|$)': { target: apiTarget, changeOrigin: false },
      '^/auth(/|$)': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|notistack)[\\/]/,
              priority: 1,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 0 },
          ],
        },
      },
    },
  },
});
