import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

// Served by the health service at /editor (apps/health/src/modules/editor). The engine is
// and the typed health client are bundled from their sources (as tsconfig.json's paths resolve
// them), so no prior build is needed; the client's schema.ts is generated first (package.json).
export default defineConfig({
  base: '/editor/',
  plugins: [react(), precompress(fileURLToPath(new URL('./dist', import.meta.url)))],
  resolve: {
    alias: {
      '@sports/workflow-engine': fileURLToPath(
        new URL('../../libs/workflow-engine/src/index.ts', import.meta.url),
      ),
      '@sports/health-client': fileURLToPath(
        new URL('../../libs/health-client/src/index.ts', import.meta.url),
      ),
      '@sports/api-client': fileURLToPath(
        new URL('../../libs/api-client/src/index.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The main chunk of about 547 kB (145 kB brotli, 171 kB gzip; precompress.ts writes both):
    // React, React Flow and the engine's graph check with its Liquid parser for end-node
    // templates. The Markdown renderer of run output (src/runs/Markdown.tsx, 53 kB, 14 kB brotli)
    // is a chunk of its own, fetched when output is first shown.
    chunkSizeWarningLimit: 600,
  },
});
