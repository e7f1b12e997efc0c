import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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
  plugins: [react()],
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
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
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
