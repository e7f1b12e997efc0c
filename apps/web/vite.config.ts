/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const require = createRequire(import.meta.url);

/**
 * react-router resolves to its development build even in `vite build`, whose
 * default error page then says "Hey developer" (FIELD-NOTES). Point the bare
 * import at the production build for production bundles.
 */
function reactRouterProductionBuild() {
  // `require.resolve` gives .../react-router/dist/development/index.js
  const development = dirname(require.resolve('react-router'));
  return join(development, '..', 'production', 'index.mjs');
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies of every text file over 1 KiB beside it (`.br`, `.gz`), which the
  // API's static serving sends to a client that accepts them (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src/', import.meta.url))}` },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }]
        : []),
    ],
  },
  build: {
    rolldownOptions: {
      // The contract's modules declare schemas and constants only (no side effects):
      // code that needs one constant must not keep every zod schema, and zod with them.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
      },
      output: {
        // React changes less often than the app: its own chunk stays cached across releases.
        // Other libraries are split by use, so a screen's chunk brings only what it needs
        // (one Mantine or vendor chunk would put every component in the initial download).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              // The icons the app uses, in one small file: split by use, each icon was a file of
              // its own, and every screen's first load asked for a dozen or more of them
              // (docs/decisions/021).
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    // A worker per core, as in the API's suite: vitest's default leaves one core
    // to its own process, which here mostly waits.
    maxWorkers: availableParallelism(),
    // Plain modules run in Node (`*.test.ts`); components in jsdom (`*.test.tsx`),
    // the API answered by MSW from the contract's types (src/testing).
    projects: [
      {
        extends: true,
        test: { name: 'modules', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          // A whole screen renders in jsdom: slower than a module's test, more so on shared cores.
          testTimeout: 20_000,
          // Files share each worker's modules (Mantine, i18n, MSW imported once, not per
          // file: most of this project's time, docs/testing.md); setup.ts gives each test
          // a fresh page, storage, query cache and language.
          isolate: false,
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
    ],
  },
  server: {
    proxy: {
      '/taxi-service': apiTarget,
      '/uploads': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
}));
