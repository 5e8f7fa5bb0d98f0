import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { themeVariables } from '../vite-theme-variables.ts';

// The design system's gallery (issue 14): every part of src/ui in every state, light and dark,
// English and Spanish. A page of its own, built from the app's sources, offline:
// `npm run gallery:build -w apps/web` writes gallery/dist (open gallery/dist/index.html through
// `npm run gallery:preview -w apps/web`), `npm run gallery -w apps/web` serves it while editing.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), themeVariables()],
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('../src/', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One bundle of every part: a page for reviewers, not for customers on a phone network.
    chunkSizeWarningLimit: 1024,
  },
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
  preview: { host: '127.0.0.1', port: 4174, strictPort: true },
});
