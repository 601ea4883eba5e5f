// @vitest-environment node
/**
 * The columns a saved view may name (each resource's `columns` in src/contract/areas/, checked by the
 * server) are exactly the columns of each list in src/areas/ (docs/decisions/0022-saved-views.md).
 */
import { expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
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
  const declared = Object.fromEntries(resources.map((r) => [r.key, [...r.columns]]));
  expect(Object.keys(fromAreas).sort()).toEqual(Object.keys(declared).sort());
  for (const [key, ids] of Object.entries(fromAreas)) expect(declared[key], key).toEqual(ids);
  expect(Object.keys(fromAreas).length).toBeGreaterThanOrEqual(11);
});
