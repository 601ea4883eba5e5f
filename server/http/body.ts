/** Reading request bodies with a size limit, and turning them into JSON values or form data. */
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../src/contract/limits';
import { smsg } from '../core/messages';
import { HttpError, badRequest, tooLarge } from '../core/errors';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

/** The whole body as bytes; 413 as soon as it passes `limit` (announced or streamed). */
export const readBody = async (req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> => {
  const announced = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(announced) && announced > limit)
    throw tooLarge(smsg('tooLarge', { size: formatSize(limit) }));
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(smsg('tooLarge', { size: formatSize(limit) }));
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
};

const mediaType = (req: Request) =>
  (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

export { MAX_JSON_DEPTH, MAX_JSON_VALUES };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * One iterative pass over the JSON text, before it is parsed: 400 when nesting passes
 * MAX_JSON_DEPTH or the values pass MAX_JSON_VALUES. Whatever runs on the parsed value afterwards
 * (checks, validation) therefore never meets a deeper or larger structure.
 */
const assertJsonShape = (text: string) => {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
      continue;
    }
    if (ch === QUOTE) inString = true;
    else if (ch === OPEN_ARRAY || ch === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) throw badRequest(smsg('jsonTooDeep', { n: MAX_JSON_DEPTH }));
      values++;
    } else if (ch === CLOSE_ARRAY || ch === CLOSE_OBJECT) depth--;
    else if (ch === COMMA) values++;
    if (values > MAX_JSON_VALUES) throw badRequest(smsg('jsonTooMany', { n: MAX_JSON_VALUES }));
  }
};

/**
 * A JSON body: empty means `{}`; anything that is not JSON answers 400 or 415, and so does JSON
 * nested too deep or holding too many values (`assertJsonShape`).
 */
export const parseJsonBody = (req: Request, bytes: Uint8Array): unknown => {
  if (bytes.byteLength === 0) return {};
  const type = mediaType(req);
  if (type !== 'application/json' && !type.endsWith('+json')) throw new HttpError(415, smsg('needJson'));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(smsg('badJson'));
  }
  assertJsonShape(text);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(smsg('badJson'));
  }
};

export interface FormParts {
  fields: Record<string, string | string[]>;
  files: Record<string, File[]>;
}

/** A multipart/form-data body: text fields (repeated names become arrays) and files. */
export const parseMultipart = async (req: Request, bytes: Uint8Array<ArrayBuffer>): Promise<FormParts> => {
  if (mediaType(req) !== 'multipart/form-data') throw new HttpError(415, smsg('needMultipart'));
  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { 'content-type': req.headers.get('content-type')! },
    }).formData();
  } catch {
    throw badRequest(smsg('needMultipart'));
  }
  // Null-prototype records: a part named "constructor" or "__proto__" is just a name.
  const fields: FormParts['fields'] = Object.create(null) as FormParts['fields'];
  const files: FormParts['files'] = Object.create(null) as FormParts['files'];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      const prev = fields[name];
      fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else {
      (files[name] ??= []).push(value);
    }
  }
  return { fields, files };
};
