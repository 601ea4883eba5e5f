/** What the demo data's modules share: a text in both languages, lengths of time, random numbers. */
export type L = { en: string; ar: string };
export const l = (en: string, ar: string): L => ({ en, ar });
export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

/** Deterministic random numbers (mulberry32). */
export const rng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
};

/** The date `days` days before `now`. */
export const agoFrom = (now: Date) => (days: number) => new Date(now.getTime() - days * DAY);
export type Ago = ReturnType<typeof agoFrom>;
