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
        // Only what every page needs is grouped: a catch-all vendor group would pull libraries
        // of lazily loaded pages (charts, OIDC, forms) into the first download.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              // Server state and the contract's schemas: the first screen already needs both.
              name: 'data',
              test: /node_modules[\\/](zod|@tanstack)[\\/]/,
              priority: 1,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|notistack)/,
              // Only what the first screen loads: MUI parts used by one lazy page (tables,
              // autocomplete, stepper) would otherwise all join the first download.
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
