import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

export default defineConfig({
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
    }),
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
    sourcemap: true,
    // The server's CSP has no 'unsafe-inline': Vite must never inline assets as data: scripts.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Framework code changes rarely: keep it in its own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'tanstack',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-query|query-core)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
