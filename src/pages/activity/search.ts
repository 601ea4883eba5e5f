/** The search of /activity: only the audit trail's filters, as texts (the server validates them). */
export type ActivitySearch = Partial<
  Record<'resource' | 'recordId' | 'actorId' | 'action' | 'from' | 'to', string>
>;

const FILTER_KEYS = ['resource', 'recordId', 'actorId', 'action', 'from', 'to'] as const;

export const activitySearch = (search: Record<string, unknown>): ActivitySearch =>
  Object.fromEntries(
    FILTER_KEYS.flatMap((key) => {
      const value = search[key];
      return typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [];
    }),
  );
