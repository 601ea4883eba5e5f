/** The answer of a CSV export; its lines come from the one CSV writer, src/contract/csv.ts. */
/** A CSV export's answer: a UTF-8 attachment named `<name>-<day>.csv`, never cached. */
export const csvResponse = (body: ConstructorParameters<typeof Response>[0], name: string, now: Date) =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
