import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the health service at /editor (apps/health/src/modules/editor).
export default defineConfig({
  base: '/editor/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
