import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The studio UI's build: `npx vite build --config renderer/vite.config.ts` writes
 * renderer/dist, which `decorest studio` serves on the control port. Heavy views (grid,
 * diagram, JSON editor) are lazy chunks of their own; the build prints every chunk's size.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The control server's CSP allows scripts from 'self' only: no inline module preload shim.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    chunkSizeWarningLimit: 900,
  },
});
