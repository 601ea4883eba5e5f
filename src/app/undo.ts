/**
 * Undo (docs/decisions/0025-undo.md): the notice after a delete, a status move or a bulk action
 * offers "Undo" for UNDO_NOTICE_MS. Undo asks the server to put the records back (`POST /api/undo`
 * with the token the server put on the write's answer, or `bulk-<job id>` for a bulk job of the
 * user's: docs/decisions/0034-undo-tokens-minted-by-the-server.md), then says what was undone,
 * lists the rows that could not be with their reasons, and refreshes the lists.
 * A write kept in the outbox (offline) and replayed later offers no undo.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { notify, outcomeKind, type NoticeKind } from './notify';

/** How long the notice offers Undo (the server allows UNDO_WINDOW_MS, src/contract/undo.ts). */
const UNDO_NOTICE_MS = 10_000;

/** Refusals listed in the notice at most; the rest are counted. */
const DETAILS_MAX = 8;

async function undo(token: string, resources: string[], queryClient: QueryClient | null) {
  try {
    const { message, data } = await call(routes.undo, { body: { token } });
    const refused = data.rows.filter((r) => r.state === 'refused');
    const details = refused.slice(0, DETAILS_MAX).map((r) => `#${r.recordId}: ${r.message ?? ''}`);
    if (refused.length > DETAILS_MAX) details.push(i18n._(msg`…and ${refused.length - DETAILS_MAX} more.`));
    const changed = new Set([...resources, ...data.rows.map((r) => r.resource)]);
    await Promise.all([...changed].map((key) => queryClient?.invalidateQueries({ queryKey: [key] })));
    // Some put back and some refused: partly done (docs/decisions/0030-partly-done-notices.md).
    const kind = outcomeKind(data.undone, refused.length);
    if (refused.length) notify[kind](message, { details, durationMs: UNDO_NOTICE_MS });
    else notify.success(message);
  } catch (error) {
    notify.error(error);
  }
}

/** Accounts: a deleted one cannot be put back, as its password is never kept. */
const ACCOUNTS = new Set(['serviceprovider', 'supervisor', 'user']);

/** Whether a delete of this area's records can be undone. */
export const undoesDelete = (resource: string) => !ACCOUNTS.has(resource);

/** The notice of a write that can be undone: its message and an Undo button for UNDO_NOTICE_MS. */
export function noticeWithUndo(
  kind: NoticeKind,
  text: string,
  token: string,
  options: { resources: string[]; queryClient: QueryClient | null },
) {
  notify[kind](text, {
    durationMs: UNDO_NOTICE_MS,
    action: { label: i18n._(msg`Undo`), run: () => undo(token, options.resources, options.queryClient) },
  });
}
