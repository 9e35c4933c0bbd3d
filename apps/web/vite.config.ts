import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractWithoutSchemas } from './build/contract-without-schemas.ts';
import { precompress } from './build/precompress.ts';

// The server serves the build under a configurable base path and adds a <base> tag, so assets are relative.
// In development, calls are proxied to the server.
const server = process.env.OPEX_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  base: './',
  plugins: [react(), contractWithoutSchemas(), precompress()],
  build: { target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/fe-ex-api': server,
      '/fe-otc-api': server,
      '/fe-co-api': server,
      '/fe-increment-api': server,
      '/financing': server,
      '/kline-api': { target: server, ws: true },
      '/uploads': server,
    },
  },
});
