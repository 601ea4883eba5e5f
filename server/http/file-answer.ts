/**
 * The answer that serves a stored file (ADR 0018): streamed from the storage chunk by chunk, with a
 * strong ETag (`If-None-Match` → 304) and byte ranges (`Range: bytes=…` → 206, `If-Range` honoured,
 * an unsatisfiable range → 416). Several ranges in one request get the whole file (RFC 9110 allows it).
 */
import type { FileInfo, Storage } from '../files/storage';

type Range = { start: number; end: number };

/** The one byte range of a `Range` header: null (none or not understood: whole file) or 'unsatisfiable'. */
const parseRange = (header: string | undefined, size: number): Range | null | 'unsatisfiable' => {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null; // invalid: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end };
};

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });

/** Serves `file` for `request`, with `headers` (type, caching, CSP…) on every answer. */
export const fileAnswer = (
  request: Request,
  storage: Storage,
  file: FileInfo,
  headers: Record<string, string>,
): Response => {
  const common = { ...headers, ETag: file.etag, 'Accept-Ranges': 'bytes' };
  if (etagMatches(request.headers.get('if-none-match') ?? undefined, file.etag))
    return new Response(null, { status: 304, headers: common });
  const ifRange = request.headers.get('if-range');
  const range =
    ifRange === null || ifRange === file.etag
      ? parseRange(request.headers.get('range') ?? undefined, file.size)
      : null;
  if (range === 'unsatisfiable')
    return new Response(null, {
      status: 416,
      headers: { ...common, 'Content-Range': `bytes */${file.size}` },
    });
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const body = request.method === 'HEAD' || file.size === 0 ? null : storage.read(file, start, end);
  return new Response(body, {
    status: range ? 206 : 200,
    headers: {
      ...common,
      'Content-Length': String(end - start + 1),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${file.size}` } : {}),
    },
  });
};
