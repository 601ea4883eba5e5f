import { z } from 'zod';
import { endpoint, ok, publicAccess, signedIn } from './http';

/**
 * Running many server processes and live updates (docs/decisions/0019-live-updates-and-many-processes.md):
 * the health and readiness checks a load balancer asks, and the signed-in user's stream of changes.
 */
const tag = 'Live';

/** What a change on the live stream says (`event: change`, its `id` is the Last-Event-ID to resume from). */
const liveChange = z.object({
  /** The resource key (`booking`, `event`…), or `inbox` for the user's own in-app notifications. */
  resource: z.string(),
  id: z.number().int(),
  action: z.enum(['create', 'update', 'delete']),
  version: z.number().int().nullable(),
  actor: z.object({ id: z.number().int(), name: z.object({ en: z.string(), ar: z.string() }) }).nullable(),
  at: z.string(),
});
export type LiveChange = z.infer<typeof liveChange>;

export const liveApi = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary:
      'The process is up (for a load balancer or orchestrator: a liveness check). Never touches the database.',
    tag,
    access: publicAccess,
    response: ok(z.object({ pid: z.number().int(), uptimeSeconds: z.number() })),
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    summary:
      'The process can serve: its database answers and has every migration applied (a readiness check). 503 while it cannot, or while it stops.',
    tag,
    access: publicAccess,
    response: ok(z.object({ database: z.enum(['pglite', 'postgres']), migrations: z.number().int() })),
  }),
  live: endpoint({
    method: 'GET',
    path: '/api/live',
    summary:
      'Server-Sent Events for the signed-in user (send `Accept: text/event-stream`): `ready` with the current position, then one `change` event ' +
      '`{ resource, id, action, version, actor, at }` per committed write of a record the user may see (permission and ownership as in the lists), ' +
      'a comment every 20 s, `reset` when a Last-Event-ID is older than the kept log (refetch everything). Resume with the `Last-Event-ID` header. ' +
      'A few streams per user; 406 without the Accept header.',
    tag,
    access: signedIn,
    // The data of each `change` event (the answer itself is the stream).
    response: liveChange,
    produces: 'text/event-stream',
  }),
};
