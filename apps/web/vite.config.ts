import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server in development; in production it serves dist/ itself. */
const apiTarget = 'http://localhost:3000';

/**
 * Where the proctoring detector finds its model weights (detection/detector.worker.ts). Atrium
 * serves them itself: a learner's browser must never fetch code or weights from a CDN.
 */
const PROCTORING_MODELS_URL = '/proctoring/models/';
/**
 * Human's default file names of the models the detector enables (about 9 MB in all): blazeface
 * finds faces, facemesh gives the head pose, iris where the eyes look, centernet a phone or a
 * second person. faceres (~7 MB) describes a face for the identity photo match: only the match's
 * own Human instance loads it (detection/face-match.ts), so detection never downloads it. The
 * package's other models (emotion, age, body, hands…) are never shipped.
 */
const PROCTORING_MODEL_FILES = ['blazeface', 'facemesh', 'iris', 'centernet', 'faceres'].flatMap(
  (name) => [`${name}.json`, `${name}.bin`],
);

/**
 * Copies the detector's models from the installed @vladmandic/human into dist/ (and serves them
 * in `vite dev`), and builds the detection module as an entry chunk of its own. That chunk is
 * referenced by no page until proctoring's screens import it, so nothing of it joins the first
 * download; its own file lets the end-to-end spec load the real shipped build on a bare page.
 */
function proctoringDetection(): Plugin {
  // The package's exports map has no ./package.json: resolve its Node entry (dist/) instead.
  const humanDist = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));
  const modelsDir = path.join(humanDist, '..', 'models');
  const detectionEntry = fileURLToPath(
    new URL('./src/features/proctoring/detection/index.ts', import.meta.url),
  );
  let building = false;
  return {
    name: 'atrium:proctoring-detection',
    config(_, { command }) {
      building = command === 'build';
    },
    configureServer(server) {
      server.middlewares.use(PROCTORING_MODELS_URL, (req, res, next) => {
        const file = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        if (!PROCTORING_MODEL_FILES.includes(file)) return next();
        res.setHeader(
          'content-type',
          file.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        res.end(readFileSync(path.join(modelsDir, file)));
      });
    },
    buildStart() {
      // Only `vite build` makes chunks; `vite dev` and vitest compile modules on request.
      if (!building) return;
      this.emitFile({
        type: 'chunk',
        id: detectionEntry,
        name: 'proctoring-detection',
        // Vite builds apps without entry exports; this entry exists to be imported.
        preserveSignature: 'exports-only',
      });
    },
    generateBundle() {
      for (const file of PROCTORING_MODEL_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `${PROCTORING_MODELS_URL.slice(1)}${file}`,
          source: readFileSync(path.join(modelsDir, file)),
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), proctoringDetection()],
  server: {
    proxy: {
      // Regex keys so that e.g. /authors or /apiary stay client routes.
      '^/api(/|$)': { target: apiTarget, changeOrigin: false },
      '^/auth(/|$)': { target: apiTarget, changeOrigin: false },
    },
  },
  // The detector's worker is a module worker (detection/detector.ts creates it with type: 'module').
  worker: { format: 'es' },
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
