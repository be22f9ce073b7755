import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath, URL } from 'node:url';

/** Writes the environment label (storage-key prefix) into index.html for public/theme-init.js. */
function appEnvAttribute(appEnv: string): Plugin {
  return { name: 'meridian-app-env', transformIndexHtml: (html) => html.replace('%APP_ENV%', appEnv) };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // Same default as src/lib/env.ts.
    appEnvAttribute(loadEnv(mode, process.cwd(), 'VITE_').VITE_APP_ENV || 'staging'),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/v2': 'http://localhost:3000',
      '/meridian': 'http://localhost:3000',
      '/excalibur': 'http://localhost:3000',
    },
  },
  // The manifest feeds scripts/bundle-size.mjs (npm run size).
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 400 },
}));
