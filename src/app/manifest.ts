import type { ManifestOptions } from 'vite-plugin-pwa';
import type { Language } from '@/contract/plain';

/**
 * The web app manifests (docs/product.md §2): one per language of the interface, under /admin/.
 * Browsers read a single manifest per page and no standard lets one file carry translations, so the
 * Arabic one is its own file, linked instead of the English one while the interface is in Arabic
 * (src/app/i18n.ts). Both have the same `id`: changing the language never makes a second app.
 */
export const MANIFEST_FILES: Record<Language, string> = {
  en: 'manifest.webmanifest',
  ar: 'manifest-ar.webmanifest',
};

/** Shortcuts of the installed app's icon; each screen checks its own permission (its "no access" page). */
export const SHORTCUTS = [
  { key: 'booking', url: '/admin/booking' },
  { key: 'event', url: '/admin/event' },
  { key: 'notification', url: '/admin/notification' },
  { key: 'outbox', url: '/admin/outbox' },
] as const;
type ShortcutKey = (typeof SHORTCUTS)[number]['key'];

/**
 * Screenshots of the install dialog (made by scripts/screenshots.mjs from the built app and the demo
 * data). Chromium's rules: each side 320–3840 px, the long side at most 2.3 × the short one, `wide`
 * landscape and `narrow` portrait; desktop shows the wide ones, phones the narrow ones.
 */
export const SCREENSHOTS = [
  { name: 'dashboard-wide', width: 1280, height: 720, form_factor: 'wide' },
  { name: 'bookings-wide', width: 1280, height: 720, form_factor: 'wide' },
  { name: 'dashboard-narrow', width: 720, height: 1440, form_factor: 'narrow' },
  { name: 'bookings-narrow', width: 720, height: 1440, form_factor: 'narrow' },
] as const;
type ScreenshotName = (typeof SCREENSHOTS)[number]['name'];

const screenshotFile = (name: ScreenshotName, language: Language) => `screenshots/${name}-${language}.png`;

interface Texts {
  name: string;
  short_name: string;
  description: string;
  shortcuts: Record<ShortcutKey, { name: string; short_name: string; description: string }>;
  screenshots: Record<ScreenshotName, string>;
}

/** The manifests' words. They are read before any catalog loads (the browser fetches the file), hence here. */
const TEXTS: Record<Language, Texts> = {
  en: {
    name: 'Events Back Office',
    short_name: 'Back Office',
    description:
      'Staff back office of the events and services platform: approve service providers, events and advertisements, follow bookings and revenue, send notifications — also offline.',
    shortcuts: {
      booking: { name: 'Bookings', short_name: 'Bookings', description: 'The list of bookings' },
      event: { name: 'Events', short_name: 'Events', description: 'The list of events' },
      notification: {
        name: 'Notifications',
        short_name: 'Notifications',
        description: 'The Notification Manager',
      },
      outbox: {
        name: 'Outbox',
        short_name: 'Outbox',
        description: 'Changes made offline, waiting to be sent',
      },
    },
    screenshots: {
      'dashboard-wide': 'The dashboard: what waits for approval, bookings and revenue',
      'bookings-wide': 'The bookings, searchable and filterable',
      'dashboard-narrow': 'The dashboard on a phone',
      'bookings-narrow': 'The bookings on a phone',
    },
  },
  ar: {
    name: 'لوحة إدارة الفعاليات',
    short_name: 'لوحة الإدارة',
    description:
      'لوحة إدارة منصة الفعاليات والخدمات للموظفين: اعتماد مقدّمي الخدمات والفعاليات والإعلانات، ومتابعة الحجوزات والإيرادات، وإرسال الإشعارات — حتى دون اتصال.',
    shortcuts: {
      booking: { name: 'الحجوزات', short_name: 'الحجوزات', description: 'قائمة الحجوزات' },
      event: { name: 'الفعاليات', short_name: 'الفعاليات', description: 'قائمة الفعاليات' },
      notification: { name: 'الإشعارات', short_name: 'الإشعارات', description: 'مدير الإشعارات' },
      outbox: {
        name: 'صندوق الصادر',
        short_name: 'الصادر',
        description: 'تغييرات أُجريت دون اتصال بانتظار الإرسال',
      },
    },
    screenshots: {
      'dashboard-wide': 'لوحة المعلومات: ما ينتظر الاعتماد والحجوزات والإيرادات',
      'bookings-wide': 'الحجوزات مع البحث والتصفية',
      'dashboard-narrow': 'لوحة المعلومات على الهاتف',
      'bookings-narrow': 'الحجوزات على الهاتف',
    },
  },
};

/** The manifest of one language; icons, shortcuts and screenshots are relative to /admin/. */
export const manifestFor = (language: Language): Partial<ManifestOptions> => {
  const texts = TEXTS[language];
  return {
    id: '/admin/',
    name: texts.name,
    short_name: texts.short_name,
    description: texts.description,
    start_url: '/admin/',
    scope: '/admin/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#0f172a',
    theme_color: '#4f46e5',
    lang: language,
    dir: language === 'ar' ? 'rtl' : 'ltr',
    categories: ['business', 'productivity'],
    // A launch (icon, shortcut, link) reuses the open window and takes it to the address.
    launch_handler: { client_mode: ['navigate-existing', 'auto'] },
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: SHORTCUTS.map(({ key, url }) => ({
      ...texts.shortcuts[key],
      url,
      icons: [{ src: `icons/shortcut-${key}-96.png`, sizes: '96x96', type: 'image/png', purpose: 'any' }],
    })),
    screenshots: SCREENSHOTS.map(({ name, width, height, form_factor }) => ({
      src: screenshotFile(name, language),
      sizes: `${width}x${height}`,
      type: 'image/png',
      form_factor,
      label: texts.screenshots[name],
    })),
  };
};

/** The English manifest, the one vite-plugin-pwa writes and links (vite.config.ts). */
export const pwaManifest = manifestFor('en');
