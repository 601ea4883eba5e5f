import { z } from 'zod';
import { endpoint, ok } from './http';

/**
 * Undo (docs/decisions/0025-undo.md): the user who made a delete, a status move or a bulk action
 * puts the records back as they were, through the audit trail's `before` values, as one more audited
 * write.
 *
 * The write to undo is named by its token, minted by the server: the `undo` field of the write's
 * answer (that request's id on the audit trail), or `bulk-<job id>` for a bulk job of the caller's
 * (docs/decisions/0034-undo-tokens-minted-by-the-server.md). A client's header never names nor
 * groups writes. Only the caller's own
 * writes, only within UNDO_WINDOW_MS of the write (of a bulk job's last row; the app offers it for 10 s,
 * src/app/undo.ts), only the writes of
 * UNDOABLE operations; each record is checked again as a normal write would be: the caller's
 * current permission for the operation, the record still in the caller's scope, the record still
 * as the write left it (else refused with the reason), seats still free.
 */

/** How long after the write the server still undoes it (the notice's 10 s, and grace for slow links). */
export const UNDO_WINDOW_MS = 60_000;

/** The `undo` token of a write's answer, or `bulk-<job id>`. */
const undoToken = z.string().trim().min(1).max(100);

const undoRow = z.object({
  /** The area key of the record (an event's cancelled bookings are `booking` rows). */
  resource: z.string(),
  /** The record's id. */
  recordId: z.string(),
  state: z.enum(['undone', 'refused']),
  /** Why it was not undone, in the reader's language (null when undone). */
  message: z.string().nullable(),
});
export type UndoRow = z.infer<typeof undoRow>;

const undoResult = z.object({
  token: z.string(),
  undone: z.number().int(),
  refused: z.number().int(),
  /** Every record the write changed, undone or refused (refusals first). */
  rows: z.array(undoRow),
});
export type UndoResult = z.infer<typeof undoResult>;

export const undoApi = {
  undo: endpoint({
    method: 'POST',
    path: '/api/undo',
    summary: `Undo your own delete, status move or bulk action ({ token }: the \`undo\` token of the write's answer, or bulk-<job id> of your bulk job) within ${UNDO_WINDOW_MS / 1000} s: every record it changed is put back as it was before (the audit trail's before-values; itself recorded as \`restore\` entries and one \`undo\` entry). Each record is checked as a normal write: your current permission for the action, the record in your scope, the rules a forward write of the values put back runs, unchanged since (else that row is refused with its reason; 200 with the rows). 404: no write of yours has this token; 409: too late, still running, already undone, or not an action that can be undone. Undoing twice never applies twice.`,
    tag: 'Undo',
    access: { kind: 'session', permission: null },
    body: z.strictObject({ token: undoToken }),
    response: ok(undoResult),
  }),
} as const;
