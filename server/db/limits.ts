/**
 * `limit $n` with a whole number as its value becomes `limit 26` (the parameters after it numbered
 * down): a list's page size is one of four, a lookup's limit is 1. PostgreSQL's generic plan of a
 * statement whose limit is a parameter assumes it fetches a tenth of the table, costs more than a
 * custom plan, and is never chosen, so such statements were planned at every call; with the limit
 * known, a lookup by id or a list's first page runs on its generic plan once it costs no more
 * (docs/decisions/0020-every-list-on-an-index.md, "Round trips and plans"; PostgreSQL's prepared
 * statements in `client.ts`, PGlite's in `pglite-prepared.ts`). An offset stays a parameter
 * (inlined, every page would be its own statement).
 */
export const inlineLimits = (text: string, values: unknown[]): { text: string; values: unknown[] } => {
  if (!text.includes('limit $')) return { text, values };
  const uses = new Map<number, number>();
  for (const [, n] of text.matchAll(/\$(\d+)\b/g)) uses.set(Number(n), (uses.get(Number(n)) ?? 0) + 1);
  const inline = new Map<number, number>();
  for (const [, n] of text.matchAll(/\blimit \$(\d+)\b/g)) {
    const value = values[Number(n) - 1];
    if (uses.get(Number(n)) === 1 && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
      inline.set(Number(n), value);
  }
  if (!inline.size) return { text, values };
  const renumbered = new Map<number, number>();
  const kept: unknown[] = [];
  values.forEach((value, i) => {
    if (inline.has(i + 1)) return;
    kept.push(value);
    renumbered.set(i + 1, kept.length);
  });
  return {
    text: text
      .replace(/\blimit \$(\d+)\b/g, (all, n: string) =>
        inline.has(Number(n)) ? `limit ${inline.get(Number(n))}` : all,
      )
      .replace(/\$(\d+)\b/g, (all, n: string) =>
        renumbered.has(Number(n)) ? `$${renumbered.get(Number(n))}` : all,
      ),
    values: kept,
  };
};

/**
 * How many statement texts a connection keeps prepared (PostgreSQL's named statements, PGlite's
 * prepared reads); the texts after these run unprepared, as before. The app's statements are a few
 * hundred; the cap keeps generated ones from growing a connection's memory without end.
 */
export const PREPARED_TEXTS = 1_000;
