/** `POST /api/undo`: a user undoes their own recent write (server/areas/undo.ts, docs/decisions/0025-undo.md). */
import { undoApi } from '../../src/contract/undo';
import type { ResourceImpls } from '../resources/impl';
import { route } from '../http/route';
import type { App } from '../http/types';
import { undoMessage, undoWrite } from './undo';

export const registerUndoRoutes = (app: App, impls: ResourceImpls) => {
  route(app, undoApi.undo, async ({ deps, body, requireAuth, lang, audit }) => {
    const result = await undoWrite(deps, impls, requireAuth(), lang, audit, body.token);
    return { message: undoMessage(result), data: result };
  });
};
