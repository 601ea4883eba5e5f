import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/contract/plain';
import { MANIFEST_HREFS } from './i18n';
import { MANIFEST_FILES, manifestFor, SCREENSHOTS, SHORTCUTS } from './manifest';

const publicFile = (src: string) => readFileSync(join(process.cwd(), 'public', src));
/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

describe('the manifests', () => {
  const en = manifestFor('en');
  const ar = manifestFor('ar');

  it('describe the app, in English and in Arabic, as the same app', () => {
    expect(en).toMatchObject({ id: '/admin/', lang: 'en', dir: 'ltr', name: 'Events Back Office' });
    expect(ar).toMatchObject({ id: '/admin/', lang: 'ar', dir: 'rtl', name: 'لوحة إدارة الفعاليات' });
    for (const key of ['start_url', 'scope', 'display', 'icons', 'launch_handler'] as const)
      expect(ar[key]).toEqual(en[key]);
    expect(en.description!.length).toBeGreaterThan(40);
    expect(ar.description).toMatch(/[\u0600-\u06ff]/);
    expect(ar.short_name).toMatch(/[\u0600-\u06ff]/);
    expect(en.short_name!.length).toBeLessThanOrEqual(12);
  });

  it('reuse the open window for every launch', () => {
    expect(en.launch_handler).toEqual({ client_mode: ['navigate-existing', 'auto'] });
  });

  it('have shortcuts to bookings, events, notifications and the outbox, each with its icon', () => {
    for (const manifest of [en, ar]) {
      expect(manifest.shortcuts!.map((s) => s.url)).toEqual([
        '/admin/booking',
        '/admin/event',
        '/admin/notification',
        '/admin/outbox',
      ]);
      for (const shortcut of manifest.shortcuts!) {
        expect(shortcut.name).toBeTruthy();
        expect(shortcut.icons).toHaveLength(1);
        const icon = shortcut.icons![0]!;
        expect(pngSize(publicFile(icon.src))).toBe(icon.sizes);
      }
    }
    expect(ar.shortcuts!.every((s) => /[\u0600-\u06ff]/.test(s.name))).toBe(true);
    expect(SHORTCUTS).toHaveLength(4);
  });

  it('have labelled screenshots of both form factors within Chromium’s size and aspect rules', () => {
    for (const [language, manifest] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const shots = manifest.screenshots!;
      expect(shots).toHaveLength(SCREENSHOTS.length);
      expect(new Set(shots.map((s) => s.form_factor))).toEqual(new Set(['wide', 'narrow']));
      for (const shot of shots) {
        expect(shot.src).toMatch(new RegExp(`-${language}\\.png$`));
        expect(shot.label).toBeTruthy();
        const [width, height] = shot.sizes.split('x').map(Number) as [number, number];
        expect(Math.min(width, height)).toBeGreaterThanOrEqual(320);
        expect(Math.max(width, height)).toBeLessThanOrEqual(3840);
        expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3);
        expect(shot.form_factor === 'wide' ? width > height : height > width).toBe(true);
        expect(pngSize(publicFile(shot.src)), shot.src).toBe(shot.sizes);
      }
    }
  });

  it('are linked by language from the page', () => {
    for (const language of LANGUAGES)
      expect(MANIFEST_HREFS[language]).toBe(`${import.meta.env.BASE_URL}${MANIFEST_FILES[language]}`);
  });
});
