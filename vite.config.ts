import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/manifest';

/** Lingui macros are compiled by Babel, only in files that import a macro. */
export const linguiMacros = () =>
  babel({
    include: /\/src\/.*\.[jt]sx?$/,
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });

export default defineConfig({
  base: '/admin/',
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    linguiMacros(),
    lingui(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      base: '/admin/',
      scope: '/admin/',
      injectRegister: false,
      registerType: 'prompt',
      manifest: pwaManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the size-budget test and the bench read what each page loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
