// @vitest-environment node
/**
 * Every area is complete (docs/adding-an-area.md): each resource key of the contract's registry has
 * its server area, its screens in the app (an AreaConfig in src/areas/), its sidebar entry, its
 * routes, and Arabic text for every label the app shows of it.
 */
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
import { NAV_ITEMS } from '../../src/app/navigation';
import { router } from '../../src/router';
import type { AreaConfig } from '../../src/resources/types';
import { messages as ar } from '../../src/locales/ar/messages.po';
import { messages as en } from '../../src/locales/en/messages.po';
import { areas } from '../../server/areas';

const modules = import.meta.glob<Record<string, unknown>>('../../src/areas/*.tsx', { eager: true });
const isArea = (value: unknown): value is AreaConfig =>
  typeof value === 'object' &&
  value !== null &&
  'resource' in value &&
  'paths' in value &&
  'columns' in value;
const clientAreas = Object.values(modules).flatMap((module) => Object.values(module).filter(isArea));
/** The route a path leads to: a route of its own, not the "page not found" catch-all. */
const routeOf = (path: string | undefined) =>
  path ? router.matchRoutes(path.split('?')[0] ?? path).at(-1)?.routeId : undefined;

/** The messages an area shows: headings, columns, fields, filters, actions, details. */
const labelsOf = (area: AreaConfig): MessageDescriptor[] =>
  [
    area.title,
    area.createTitle,
    area.editTitle,
    ...area.columns.map((column) => column.header),
    ...area.fields.flatMap((field) => [field.label, 'hint' in field ? field.hint : undefined]),
    ...(area.filters ?? []).map((filter) => filter.label),
    ...(area.actions ?? []).map((action) => action.label),
    ...(area.details ?? []).map((item) => item.label),
  ].filter(
    (label): label is MessageDescriptor => typeof label === 'object' && label !== null && 'id' in label,
  );

describe.each(resources.map((resource) => [resource.key, resource] as const))('area %s', (key, resource) => {
  const area = clientAreas.find((candidate) => candidate.resource.key === key);

  it('has its server area: the resource and its extra endpoints (server/areas)', () => {
    expect(Object.keys(areas)).toContain(key);
  });

  it('has its screens in the app (an AreaConfig in src/areas)', () => {
    expect(area, `no AreaConfig for ${key} in src/areas`).toBeDefined();
  });

  it('has a sidebar entry with its permission leading to its list', () => {
    const entry = NAV_ITEMS.find((item) => item.permission === resource.permission);
    expect(entry, `no sidebar entry with permission ${resource.permission}`).toBeDefined();
    expect(entry?.to).toBe(area?.paths.list);
  });

  it('has the routes of its paths', () => {
    const paths = area?.paths;
    const targets = [paths?.list, paths?.create, paths?.edit?.(1, { id: 1 } as never), paths?.details?.(1)];
    for (const path of targets.filter(Boolean)) {
      expect(routeOf(path), `${path} has no route`).toBeDefined();
      expect(routeOf(path), `${path} leads to "page not found"`).not.toBe('/_app/$');
    }
  });

  it('has every label in Arabic', () => {
    const labels = area ? labelsOf(area) : [];
    expect(labels.length).toBeGreaterThan(3);
    for (const label of labels) {
      expect(en[label.id], `${label.message ?? label.id} is not in the catalog`).toBeDefined();
      expect(ar[label.id], `${label.message ?? label.id} has no Arabic`).toBeTruthy();
    }
  });
});
