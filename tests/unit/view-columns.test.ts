// @vitest-environment node
/**
 * The columns a saved view may name (VIEW_COLUMNS of src/contract/views.ts, checked by the server)
 * are exactly the columns of each list in src/areas/ (docs/decisions/0022-saved-views.md).
 */
import { expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
import { VIEW_COLUMNS } from '../../src/contract/views';
import type { AreaConfig } from '../../src/resources/types';

const modules = import.meta.glob<Record<string, unknown>>('../../src/areas/*.tsx', { eager: true });
const isArea = (value: unknown): value is AreaConfig =>
  typeof value === 'object' &&
  value !== null &&
  'resource' in value &&
  'paths' in value &&
  'columns' in value;
const clientAreas = Object.values(modules).flatMap((module) => Object.values(module).filter(isArea));

it("names each list's columns, and only those", () => {
  const fromAreas = Object.fromEntries(clientAreas.map((a) => [a.resource.key, a.columns.map((c) => c.id)]));
  expect(Object.keys(VIEW_COLUMNS).sort()).toEqual(resources.map((r) => r.key).sort());
  for (const [key, ids] of Object.entries(fromAreas))
    expect([...(VIEW_COLUMNS as Record<string, readonly string[]>)[key]!], key).toEqual(ids);
  expect(Object.keys(fromAreas).length).toBeGreaterThanOrEqual(11);
});
