/**
 * `npm run area:check` (scripts/area-check.ts) adds one area to a copy of the project and runs the
 * suites that walk every area; it names that area in `AREA_UNDER_CHECK`, and their walks (a
 * resource's CRUD, the authorization matrix's cells, the OpenAPI answers) then go through that
 * area's resource and endpoints only: the other areas are walked by `npm test` on the same code
 * without it (docs/decisions/0084-area-check-walks-the-new-area.md). Unset, every area is walked.
 * What spans every area (a fixture and a matrix row for each, every operation documented) is
 * checked in full either way.
 */
export const AREA_UNDER_CHECK = process.env.AREA_UNDER_CHECK || undefined;

/** Whether a resource key or a case key (`POST /api/master/addlist [venuetype create]`) is the area's. */
const ofArea = (area: string, key: string) => new RegExp(`(^|[^a-z0-9])${area}([^a-z0-9]|$)`, 'i').test(key);

/**
 * The items of the area under check (all of them when none is), found by their key; an area
 * under check that has none is an error, so that the check cannot pass by walking nothing.
 */
export function walked<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  if (!AREA_UNDER_CHECK) return [...items];
  const area = AREA_UNDER_CHECK;
  const found = items.filter((item) => ofArea(area, keyOf(item)));
  if (!found.length) throw new Error(`AREA_UNDER_CHECK=${area}: no item of this walk is the area's`);
  return found;
}
