import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';
import { helpArticles } from './build/help-articles';

export default defineConfig({
  plugins: [helpArticles()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
