import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../src/contract/common';

/** The preferred supported language of an Accept-Language header (q-values honoured), else en. */
export const pickLanguage = (header: string | undefined | null): Language => {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { lang: Language; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const base = tag.trim().toLowerCase().split('-')[0] as Language;
    if (!(LANGUAGES as readonly string[]).includes(base)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: base, q };
  }
  return best?.lang ?? DEFAULT_LANGUAGE;
};
