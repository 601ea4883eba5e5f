/**
 * The lists' row densities (docs/decisions/0082-dense-width-aware-tables.md), zod-free so that the
 * lists import them without the schemas: compact (one line, 40–44 px) by default, or comfortable.
 */
export const LIST_DENSITIES = ['compact', 'comfortable'] as const;
export type ListDensity = (typeof LIST_DENSITIES)[number];
