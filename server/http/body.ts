/** Reading request bodies with a size limit, and turning them into JSON values or form data. */
import { smsg } from '../messages';
import { HttpError, badRequest, tooLarge } from './errors';

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

/** A JSON body: empty means `{}`; anything that is not JSON answers 400 or 415. */
export const parseJsonBody = (req: Request, bytes: Uint8Array): unknown => {
  if (bytes.byteLength === 0) return {};
  const type = mediaType(req);
  if (type !== 'application/json' && !type.endsWith('+json')) throw new HttpError(415, smsg('needJson'));
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
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
