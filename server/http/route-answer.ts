/**
 * The answers of the route pipeline (server/http/route.ts): a handler's, checked against the contract
 * in development and tests; failures with their real status; any unexpected fault a generic 500.
 */
import type { Context } from 'hono';
import type { AnyEndpoint } from '../../src/contract/http';
import type { Language } from '../../src/contract/common';
import { localizeMessage } from '../../src/contract/messages';
import { HttpError, type FieldErrors } from '../core/errors';
import { smsg } from '../core/messages';
import { dbFaultMessage, DB_RETRY_AFTER_S, isDbUnavailable, isDiskFull } from './db-faults';

const localizeErrors = (errors: FieldErrors | undefined, lang: Language) =>
  errors && Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, localizeMessage(v, lang)]));

export const errorResponse = (c: Context, err: HttpError, lang: Language) => {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  const errors = localizeErrors(err.errors, lang);
  return c.json(
    { status: err.status, message: localizeMessage(err.message, lang), ...(errors ? { errors } : {}) },
    err.status as 400,
  );
};

/**
 * Any unexpected fault: logged with its stack on the server, a generic 500 to the client; the
 * database being unreachable answers 503 with Retry-After (db-faults.ts).
 */
export const serverFault = (c: Context, err: unknown, lang: Language) => {
  if (isDiskFull(err)) {
    console.error(`${c.req.method} ${c.req.path}: out of storage space:`, String(err));
    return c.json({ status: 507, message: localizeMessage(dbFaultMessage('diskFull'), lang) }, 507);
  }
  if (isDbUnavailable(err)) {
    console.error(`${c.req.method} ${c.req.path}: the database cannot be reached:`, String(err));
    c.header('Retry-After', String(DB_RETRY_AFTER_S));
    return c.json({ status: 503, message: localizeMessage(dbFaultMessage('dbUnavailable'), lang) }, 503);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ status: 500, message: localizeMessage(smsg('serverError'), lang) }, 500);
};

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Paths of fields of `sent` that `checked` (the contract's parse of it) does not have. */
const droppedFields = (sent: unknown, checked: unknown, path = ''): string[] => {
  if (Array.isArray(sent) && Array.isArray(checked))
    return sent.flatMap((v, i) => droppedFields(v, checked[i], `${path}[${i}]`));
  if (!sent || typeof sent !== 'object' || !checked || typeof checked !== 'object' || sent instanceof Date)
    return [];
  return Object.entries(sent).flatMap(([k, v]) =>
    v === undefined
      ? []
      : k in checked
        ? droppedFields(v, (checked as Record<string, unknown>)[k], `${path}.${k}`)
        : [`${path}.${k}`],
  );
};

/**
 * The handler's answer, checked against the contract (a mismatch is our bug: a 500) in development
 * and tests, where a field the contract does not name is a mismatch too; so production
 * (`config.checkAnswers` false) sends the handler's answer as it is, without the check's cost.
 */
export const checkedAnswer = (
  endpoint: AnyEndpoint,
  reply: unknown,
  status: number,
  check: boolean,
): Answer => {
  const sent = { ...(reply as object), status };
  if (!check) return { status, body: sent };
  const checked = endpoint.response.safeParse(sent);
  const dropped = checked.success ? droppedFields(sent, checked.data) : [];
  if (!checked.success || dropped.length)
    throw new Error(
      `Answer of ${endpoint.method} ${endpoint.path} does not match the contract: ${
        checked.success
          ? `fields it does not name: ${dropped.slice(0, 5).join(', ')}`
          : JSON.stringify(checked.error.issues)
      }`,
    );
  return { status, body: checked.data as Record<string, unknown> };
};

/** An answer as sent: its status and its JSON text. */
interface SentAnswer {
  status: number;
  text: string;
}

/** An answer as the client gets it: an error status throws; the message in the reader's language. */
export const sentAnswer = (done: Answer, lang: Language): SentAnswer => {
  if (done.status >= 400)
    throw new HttpError(done.status, String(done.body.message), done.body.errors as FieldErrors | undefined);
  const out = { ...done.body };
  if (typeof out.message === 'string') out.message = localizeMessage(out.message, lang);
  return { status: done.status, text: JSON.stringify(out) };
};
