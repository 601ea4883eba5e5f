/**
 * Reads a device and a browser from a recorded User-Agent header, for the profile's list of
 * sessions and for the new-device mail (docs/security.md, "Sessions and devices"). No parser
 * library is among the project's dependencies, so this knows the browsers and systems the back
 * office supports and answers null for the rest; versions are major versions only.
 */

export interface ParsedAgent {
  /** "Chrome 131", "Safari 17", null when unknown. */
  browser: string | null;
  /** "Windows", "Mac (macOS)", "iPhone (iOS 17)", "Android phone (Android 14)", null when unknown. */
  device: string | null;
  /**
   * What makes two sign-ins the same device for the new-device mail: browser family, system
   * family and kind of device, without versions (an update is not a new device).
   */
  family: string;
}

const major = (ua: string, re: RegExp) => {
  const m = re.exec(ua);
  return m ? m[1]! : null;
};

const BROWSERS: { name: string; re: RegExp }[] = [
  { name: 'Edge', re: /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/ },
  { name: 'Opera', re: /\b(?:OPR|OPiOS)\/(\d+)/ },
  { name: 'Samsung Internet', re: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', re: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', re: /\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(\d+)/ },
  { name: 'Safari', re: /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\// },
];

const browserOf = (ua: string) => {
  for (const { name, re } of BROWSERS) {
    const v = major(ua, re);
    if (v) return { name, label: `${name} ${v}` };
  }
  return null;
};

interface System {
  family: string;
  label: string;
}

const systemOf = (ua: string): System | null => {
  if (/\biPhone\b|\biPod\b/.test(ua)) {
    const v = major(ua, /\bOS (\d+)[_\d]* like Mac OS X/);
    return { family: 'iphone', label: v ? `iPhone (iOS ${v})` : 'iPhone' };
  }
  if (/\biPad\b/.test(ua)) {
    const v = major(ua, /\bOS (\d+)[_\d]* like Mac OS X/);
    return { family: 'ipad', label: v ? `iPad (iPadOS ${v})` : 'iPad' };
  }
  if (/\bAndroid\b/.test(ua)) {
    const v = major(ua, /\bAndroid (\d+)/);
    const kind = /\bMobile\b/.test(ua) ? 'phone' : 'tablet';
    return {
      family: `android-${kind}`,
      label: `Android ${kind}${v ? ` (Android ${v})` : ''}`,
    };
  }
  if (/\bCrOS\b/.test(ua)) return { family: 'chromeos', label: 'Chromebook (ChromeOS)' };
  if (/\bWindows\b/.test(ua)) return { family: 'windows', label: 'Windows PC' };
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return { family: 'mac', label: 'Mac (macOS)' };
  if (/\bLinux\b|\bX11\b/.test(ua)) return { family: 'linux', label: 'Linux PC' };
  return null;
};

export const parseUserAgent = (ua: string | null | undefined): ParsedAgent => {
  const text = (ua ?? '').slice(0, 300);
  const browser = browserOf(text);
  const system = systemOf(text);
  return {
    browser: browser?.label ?? null,
    device: system?.label ?? null,
    family: `${browser?.name ?? 'unknown'}|${system?.family ?? 'unknown'}`,
  };
};
