import { join, sep } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { onceSplitImporters } from './app/lib/build/once-split-importers';

const ROOT = import.meta.dirname;
const MAIN = join(ROOT, 'app', 'main.tsx');
/** A TypeScript module of our own (app/ or contract/), route split modules (`?tsr-split`) included. */
const isOwnScript = (id: string) =>
  (id.startsWith(join(ROOT, 'app', sep)) || id.startsWith(join(ROOT, 'contract', sep))) &&
  /\.tsx?$/.test(id.split('?')[0]!);

export default defineConfig(({ command }) => ({
  resolve: {
    // Production has no devtools: TanStack Form's devtools bus is a silent one (record 066).
    alias:
      command === 'build'
        ? [
            {
              find: '@tanstack/devtools-event-client',
              replacement: join(ROOT, 'app', 'lib', 'build', 'no-devtools-bus.ts'),
            },
          ]
        : [],
  },
  plugins: [
    // The router plugin must run before React's so route files are split before JSX is compiled.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'app/routes',
      generatedRouteTree: 'app/route-tree.gen.ts',
      // Test files beside route code must not become routes.
      routeFileIgnorePattern: '\\.test\\.tsx?$',
      quoteStyle: 'single',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // Loaders split with their route's component (the default keeps them in the entry):
        // they import the query modules and react-query, which /login must not load.
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    // After the router's (its code splitter runs in the 'pre' phase): split chunks imported once.
    onceSplitImporters(),
    react(),
    tailwindcss(),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // The route → chunk map `npm run bench:bundle` reads (dist/app/.vite/manifest.json; the
    // static server never serves dot folders).
    manifest: true,
    // No source maps in the shipped build: the static server would publish them next to the
    // chunks. `npx vite build --sourcemap hidden` makes them when a bundle needs reading.
    sourcemap: false,
    // The server's CSP has no 'unsafe-inline': Vite must never inline assets as data: scripts.
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // Our own modules run nothing on import (styles.css and main.tsx aside), so a module
        // none of whose exports are used is dropped. Without this, a barrel import such as
        // `lenientSearch` from components/data-table pulled the whole table (table-core
        // included, ~16 KB gzip) into the entry's static graph, i.e. onto /login.
        moduleSideEffects: (id, external) => external || !isOwnScript(id) || id.startsWith(MAIN),
      },
      output: {
        // Framework code changes rarely: keep it in its own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'router',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history)[\\/]/,
              priority: 10,
            },
            // Apart from the router: react-query loads with the signed-in routes, never on /login.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/,
              priority: 10,
            },
            // Whatever the entry imports statically loads on every page, /login included: one
            // file rather than one per shared module (eleven requests on /login, not fourteen).
            { name: 'first', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
}));
