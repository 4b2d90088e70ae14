import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Served by the health service at /editor (apps/health/src/modules/editor). The engine is
// bundled from its sources (as tsconfig.json's paths resolve it), so no prior build is needed.
export default defineConfig({
  base: '/editor/',
  plugins: [react()],
  resolve: {
    alias: {
      '@sports/workflow-engine': fileURLToPath(
        new URL('../../libs/workflow-engine/src/index.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One chunk of about 520 kB (160 kB gzipped): React, React Flow and the engine's graph
    // check with its Liquid parser for end-node templates.
    chunkSizeWarningLimit: 600,
  },
});
