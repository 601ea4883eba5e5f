#!/usr/bin/env node
/**
 * Generates the PWA's icons and images in public/ from the SVG sources below, rendering the PNGs
 * with Debian's Chromium through playwright-core (no downloads), then reduces them to 256-colour
 * palettes with Debian's pngquant (apt-get install pngquant): the 192 px icon drops from 14 kB to 4 kB,
 * and Chromium fetches it with the first screen of every page (docs/decisions/0010-signed-in-first-load.md). The outputs are committed;
 * run this again only when the artwork changes:  node scripts/generate-icons.mjs
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { __iconData as bell } from 'lucide-react/dist/esm/icons/bell.mjs';
import { __iconData as calendarCheck } from 'lucide-react/dist/esm/icons/calendar-check.mjs';
import { __iconData as calendarDays } from 'lucide-react/dist/esm/icons/calendar-days.mjs';
import { __iconData as cloudUpload } from 'lucide-react/dist/esm/icons/cloud-upload.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pub = (...p) => join(root, 'public', ...p);

const INDIGO = '#4f46e5';
const VIOLET = '#7c3aed';
const NAVY = '#0f172a';

/** A five-pointed star centred on (cx, cy). */
const star = (cx, cy, outer, inner) => {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join('L')}Z`;
};

/** The mark: a calendar page with a star (an event), drawn in a 512 box, centred on (256, 256). */
const glyph = `
  <g transform="translate(0 4)">
    <rect x="128" y="140" width="256" height="240" rx="40" fill="#fff"/>
    <path d="M128 180a40 40 0 0 1 40-40h176a40 40 0 0 1 40 40v28H128z" fill="#c7d2fe"/>
    <rect x="180" y="108" width="28" height="72" rx="14" fill="#1e1b4b"/>
    <rect x="304" y="108" width="28" height="72" rx="14" fill="#1e1b4b"/>
    <path d="${star(256, 296, 62, 26)}" fill="${INDIGO}" stroke="${INDIGO}" stroke-width="10" stroke-linejoin="round"/>
  </g>`;

const gradient = `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${INDIGO}"/>
      <stop offset="1" stop-color="${VIOLET}"/>
    </linearGradient>
  </defs>`;

/** Rounded tile, transparent corners: favicon, logo, "any" icons. */
const tileSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
  <rect width="512" height="512" rx="112" fill="url(#bg)"/>${glyph}
</svg>
`;

/** Full-bleed square with the mark inside the maskable safe zone (a centred circle of 40% radius). */
const fullBleedSvg = (scale) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
  <rect width="512" height="512" fill="url(#bg)"/>
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">${glyph}</g>
</svg>
`;

const loginBg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1000" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e1b4b"/><stop offset=".6" stop-color="${NAVY}"/><stop offset="1" stop-color="#020617"/>
    </linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a5b4fc" stop-opacity=".35"/><stop offset="1" stop-color="#a5b4fc" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="beam2" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f0abfc" stop-opacity=".28"/><stop offset="1" stop-color="#f0abfc" stop-opacity="0"/>
    </linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
    <radialGradient id="glow" cx=".5" cy="1" r=".6">
      <stop offset="0" stop-color="${VIOLET}" stop-opacity=".55"/><stop offset="1" stop-color="${VIOLET}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1600" height="1000" fill="url(#sky)"/>
  <rect y="400" width="1600" height="600" fill="url(#glow)"/>
  <path d="M260 0 L520 0 L860 760 L640 760Z" fill="url(#beam)"/>
  <path d="M1340 0 L1080 0 L740 760 L960 760Z" fill="url(#beam2)"/>
  <path d="M760 0 L840 0 L980 760 L620 760Z" fill="url(#beam)" opacity=".6"/>
  <g fill="#fff" opacity=".5">
    <circle cx="180" cy="160" r="3"/><circle cx="420" cy="90" r="2"/><circle cx="1180" cy="140" r="3"/>
    <circle cx="1460" cy="80" r="2"/><circle cx="960" cy="60" r="2"/><circle cx="640" cy="200" r="2"/>
    <circle cx="1320" cy="300" r="2"/><circle cx="90" cy="380" r="2"/>
  </g>
  <g opacity=".35" filter="url(#soft)">
    <circle cx="240" cy="520" r="60" fill="#818cf8"/><circle cx="1380" cy="460" r="80" fill="#c084fc"/>
    <circle cx="1240" cy="600" r="36" fill="#60a5fa"/><circle cx="380" cy="660" r="28" fill="#f472b6"/>
  </g>
  <path d="M0 830 Q800 700 1600 830 L1600 1000 L0 1000Z" fill="#1e1b4b"/>
  <path d="M0 880 Q800 770 1600 880" fill="none" stroke="#312e81" stroke-width="14" stroke-dasharray="2 26" stroke-linecap="round"/>
  <path d="M0 930 Q800 830 1600 930" fill="none" stroke="#3730a3" stroke-width="16" stroke-dasharray="2 30" stroke-linecap="round"/>
  <path d="M0 985 Q800 895 1600 985" fill="none" stroke="#4338ca" stroke-width="18" stroke-dasharray="2 34" stroke-linecap="round"/>
  <g opacity=".8">
    <rect x="300" y="250" width="14" height="6" rx="2" fill="#fbbf24" transform="rotate(30 300 250)"/>
    <rect x="1120" y="260" width="14" height="6" rx="2" fill="#34d399" transform="rotate(-25 1120 260)"/>
    <rect x="560" y="340" width="12" height="5" rx="2" fill="#f472b6" transform="rotate(60 560 340)"/>
    <rect x="1010" y="400" width="12" height="5" rx="2" fill="#60a5fa" transform="rotate(15 1010 400)"/>
    <rect x="760" y="150" width="12" height="5" rx="2" fill="#fbbf24" transform="rotate(-40 760 150)"/>
  </g>
</svg>
`;

const defaultAvatar = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="32" fill="#cbd5e1"/>
  <circle cx="32" cy="25" r="11" fill="#64748b"/>
  <path d="M11 54a21 17 0 0 1 42 0A31.8 31.8 0 0 1 32 64a31.8 31.8 0 0 1-21-10z" fill="#64748b"/>
</svg>
`;

/**
 * Shortcut icons (src/app/manifest.ts SHORTCUTS): the sidebar's Lucide glyph of the screen, white on
 * the app's tile, so that the shortcut menu reads like the sidebar.
 */
const shortcutSvg = ({ node }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">${gradient}
  <rect width="96" height="96" rx="22" fill="url(#bg)"/>
  <g transform="translate(24 24) scale(2)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    ${node
      .map(
        ([tag, attrs]) =>
          `<${tag} ${Object.entries(attrs)
            .filter(([name]) => name !== 'key')
            .map(([name, value]) => `${name}="${value}"`)
            .join(' ')}/>`,
      )
      .join('')}
  </g>
</svg>
`;
const SHORTCUT_GLYPHS = {
  booking: calendarCheck,
  event: calendarDays,
  notification: bell,
  outbox: cloudUpload,
};

const svgFiles = {
  'favicon.svg': tileSvg,
  'logo.svg': tileSvg,
  'images/login-bg.svg': loginBg,
  'images/default-avatar.svg': defaultAvatar,
};

const pngFiles = [
  { file: 'icons/icon-192.png', size: 192, svg: tileSvg },
  { file: 'icons/icon-512.png', size: 512, svg: tileSvg },
  // Maskable: the mark spans at most 0.9 × 187 px from the centre, inside the 204.8 px safe zone.
  { file: 'icons/maskable-512.png', size: 512, svg: fullBleedSvg(0.9) },
  // iOS rounds the corners itself and wants an opaque square.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleedSvg(0.85) },
  ...Object.entries(SHORTCUT_GLYPHS).map(([key, glyph]) => ({
    file: `icons/shortcut-${key}-96.png`,
    size: 96,
    svg: shortcutSvg(glyph),
  })),
];

for (const [file, text] of Object.entries(svgFiles)) {
  await mkdir(dirname(pub(file)), { recursive: true });
  await writeFile(pub(file), text);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of pngFiles) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await mkdir(dirname(pub(file)), { recursive: true });
    await page.screenshot({
      path: pub(file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
  }
} finally {
  await browser.close();
}
for (const { file } of pngFiles) {
  const quantize = spawnSync(
    'pngquant',
    ['--quality=85-98', '--speed', '1', '--strip', '--force', '--output', pub(file), pub(file)],
    { stdio: 'inherit' },
  );
  if (quantize.error || quantize.status !== 0)
    throw new Error(`pngquant failed on ${file}; install it with: apt-get install pngquant`);
}
console.info(`Wrote ${Object.keys(svgFiles).length} SVG and ${pngFiles.length} PNG files to public/.`);
