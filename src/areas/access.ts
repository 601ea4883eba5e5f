/**
 * Who chooses the service provider of a provider-scoped record (events, advertisements): staff who
 * manage providers. A provider's (and its supervisors') records are always its own: the server sets
 * the provider from the session and refuses another one.
 */
export const choosesProvider = (ctx: { role: string | null; permissions: readonly string[] }) =>
  ctx.role !== 'serviceprovider' && ctx.permissions.includes('serviceprovider');
