/**
 * The validation of a request's input (server/http/route.ts): the contract's zod schemas, strict, with
 * our own localisable messages; NUL characters and "__proto__" keys refused.
 */
import { z } from 'zod';
import { msg } from '../../src/contract/messages';
import { HttpError, type FieldErrors } from '../core/errors';
import { smsg } from '../core/messages';

/** Messages of zod issues that a schema does not name itself: our own, so they can be localised. */
const defaultIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? msg('required') : msg('invalidValue');
    case 'too_small':
      if (issue.origin === 'string') return msg('minChars', { n: Number(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return smsg('minItems', { n: Number(issue.minimum) });
      return smsg('atLeast', { n: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return msg('maxChars', { n: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return smsg('maxItems', { n: Number(issue.maximum) });
      return smsg('atMost', { n: String(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? msg('invalidEmail') : msg('invalidValue');
    case 'unrecognized_keys':
      return msg('unknownField');
    default:
      return msg('invalidValue');
  }
};

const GENERIC = new Set<string>([msg('required'), msg('invalidValue'), msg('unknownField')]);

/** Validates `input`; 422 with one message per field (dotted path; prefixed by `where`). */
export const validate = <S extends z.ZodType>(schema: S, input: unknown, where = ''): z.output<S> => {
  const result = schema.safeParse(input, { error: defaultIssueMessage });
  if (result.success) return result.data;
  // No prototype: a field named "__proto__" or "constructor" is named in the answer like any other.
  const errors = Object.create(null) as FieldErrors;
  let rootMessage: string | undefined;
  const add = (path: PropertyKey[], message: string) => {
    const key = [where, ...path.map(String)].filter(Boolean).join('.');
    if (!key) rootMessage ??= message;
    else errors[key] ??= message;
  };
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const k of issue.keys) add([...issue.path, k], msg('unknownField'));
    else add(issue.path, issue.message);
  }
  const values = Object.values(errors);
  const message =
    rootMessage ?? (values.length === 1 && !GENERIC.has(values[0]!) ? values[0]! : msg('validationFailed'));
  throw new HttpError(422, message, Object.keys(errors).length ? errors : undefined);
};

export const noFields = z.strictObject({});

/**
 * The dotted path of the first text (value or key) holding a NUL character, which PostgreSQL cannot
 * store in text or jsonb (it would fail the query: a 500). Null when there is none.
 */
const nulAt = (value: unknown, start: string[] = []): string | null => {
  // Iterative (an explicit stack): input is never walked by recursion (docs/security.md, "Input limits").
  const stack: Array<[unknown, string[]]> = [[value, start]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.join('.') || 'body';
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    const entries = Object.entries(v);
    for (const [k] of entries)
      if (k.includes('\u0000')) return [...path, k.split('\u0000').join('')].join('.') || 'body';
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], [...path, entries[i]![0]]]);
  }
  return null;
};

/** Refuses input with a NUL character (422 naming the field). */
export const refuseNul = (value: unknown, where = '') => {
  const hit = nulAt(value, where ? [where] : []);
  if (hit !== null) throw new HttpError(422, msg('validationFailed'), { [hit]: msg('invalidValue') });
};

/**
 * Refuses a JSON body with a "__proto__" key anywhere (422 naming it as an unknown field). JSON.parse
 * keeps it as an own key and a strict object names it, but a record (a saved view's filters) drops
 * it without a word; docs/security.md ("Input rules") promises it is refused, never ignored.
 */
export const refuseProtoKeys = (value: unknown) => {
  // Iterative, like nulAt: input is never walked by recursion.
  const stack: Array<[unknown, string[]]> = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (Object.hasOwn(v, '__proto__'))
      throw new HttpError(422, msg('validationFailed'), {
        [[...path, '__proto__'].join('.')]: msg('unknownField'),
      });
    for (const [k, x] of Object.entries(v)) stack.push([x, [...path, k]]);
  }
};
