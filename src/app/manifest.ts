import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest: installable under /admin/ (issue: PWA). */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/admin/',
  name: 'Events Back Office',
  short_name: 'Back Office',
  description: 'Staff back office of the events and services platform.',
  start_url: '/admin/',
  scope: '/admin/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#0f172a',
  theme_color: '#4f46e5',
  lang: 'en',
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
