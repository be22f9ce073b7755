import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath, URL } from 'node:url';
import { firstPaintGroups } from './build/chunks';
import { helpArticles } from './build/help-articles';
import { authPageInDev, pageHead, PAGES } from './build/pages';
import { precompress } from './build/precompress';
import { routePages } from './build/route-pages';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [
    helpArticles(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // Same default as src/lib/env.ts.
    pageHead(loadEnv(mode, process.cwd(), 'VITE_').VITE_APP_ENV || 'staging'),
    authPageInDev(),
    routePages(),
    precompress(),
  ],
  resolve: { alias: { '@': here('./src') } },
  server: {
    proxy: {
      '/v2': 'http://localhost:3000',
      '/meridian': 'http://localhost:3000',
      '/excalibur': 'http://localhost:3000',
      '/core_banking': 'http://localhost:3000',
      // the OpenAPI document (the API test page reads it)
      '/docs': 'http://localhost:3000',
      // the public payment-link pay page is the server's
      '/pay/': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Two pages: the signed-in app, and the public auth screens without the app's code (auth-main.tsx).
      input: { index: here(PAGES.index), auth: here(PAGES.auth) },
      output: { codeSplitting: firstPaintGroups() },
    },
  },
}));
