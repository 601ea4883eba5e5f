/**
 * The lists' row densities (docs/decisions/0082-dense-width-aware-tables.md), zod-free so that the
 * lists import them without the schemas: compact (one line, 40–44 px) by default, or comfortable.
 */
export const LIST_DENSITIES = ['compact', 'comfortable'] as const;
export type ListDensity = (typeof LIST_DENSITIES)[number];
/** A user who never chose one sees the first. */
const DEFAULT_LIST_DENSITY: ListDensity = LIST_DENSITIES[0];

/** `value` when it names a density, else the default. */
export const listDensityOf = (value: string | null | undefined): ListDensity =>
  LIST_DENSITIES.find((density) => density === value) ?? DEFAULT_LIST_DENSITY;
