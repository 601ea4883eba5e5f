/**
 * An imported row as the area's create (or update) gets it (docs/decisions/0073-import-from-files.md):
 * the file's columns matched to the area's fields by their headers (English or Arabic labels, or
 * the field's key), each cell read as its field's kind, references found by their names, and the
 * record a row updates found by the chosen key, all in the caller's scope.
 */
import type { Language } from '../../src/contract/common';
import type { ImportField, ImportReference } from '../../src/contract/import';
import { resources } from '../../src/contract/areas';
import type { Resource } from '../../src/contract/resource';
import type { AuthInfo } from '../auth/sessions';
import { smsg } from '../core/messages';
import type { Deps } from '../http/types';
import { providerScopeOf, type ResourceCtx, type ResourceImpls } from './impl';
import { findOne, whereOf } from './query';

const norm = (s: unknown) =>
  String(s ?? '')
    .replace(/^\uFEFF/, '')
    .normalize('NFKC')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Field key → header: the kept mapping's where its headers are in the file, else the headers' labels. */
export const matchMapping = (
  fields: ImportField[],
  headers: string[],
  kept: Record<string, string> | null,
): Record<string, string> => {
  const present = new Map(headers.map((h) => [norm(h), h]));
  const out: Record<string, string> = {};
  for (const f of fields) {
    const keptHeader = kept?.[f.key];
    const hit =
      (keptHeader !== undefined ? present.get(norm(keptHeader)) : undefined) ??
      [f.label.en, f.label.ar, f.key].map((t) => present.get(norm(t))).find((h) => h !== undefined);
    if (hit !== undefined) out[f.key] = hit;
  }
  return out;
};

export type Cells = Record<string, string>;

/** Each mapped field's text in a row. */
export const cellsOf = (mapping: Record<string, string>, headers: string[], row: string[]): Cells => {
  const out: Cells = {};
  for (const [key, header] of Object.entries(mapping)) {
    const at = headers.indexOf(header);
    if (at >= 0) out[key] = (row[at] ?? '').trim();
  }
  return out;
};

const YES = new Set(['true', 'yes', 'y', '1', 'نعم', 'active', 'نشط']);
const NO = new Set(['false', 'no', 'n', '0', 'لا', 'inactive', 'غير نشط']);

/** Western digits for Arabic-Indic ones, so "١٢" is 12. */
const digits = (s: string) =>
  s.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u066B]/g, '.');

/**
 * The row's body (references still as text) and the cells refused by their kind. An empty cell
 * is left out, so the field's default applies (or its "required").
 */
export const inputOf = (fields: ImportField[], cells: Cells) => {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const text = cells[f.key];
    if (text === undefined || text === '') {
      if (f.nullable) body[f.field] = null;
      continue;
    }
    if (f.lang) {
      body[f.field] = { ...(body[f.field] as object), [f.lang]: text };
      continue;
    }
    if (f.ref) continue;
    if (f.kind === 'number') {
      const n = Number(digits(text).replace(/,/g, ''));
      if (Number.isFinite(n)) body[f.field] = n;
      else errors[f.key] = smsg('importNotNumber');
    } else if (f.kind === 'boolean') {
      if (YES.has(norm(text))) body[f.field] = true;
      else if (NO.has(norm(text))) body[f.field] = false;
      else errors[f.key] = smsg('importNotYesNo');
    } else if (f.kind === 'enum') {
      const option = f.options!.find((o) => norm(o) === norm(text));
      if (option !== undefined) body[f.field] = option;
      else errors[f.key] = smsg('importNotOption', { options: f.options!.join(', ') });
    } else body[f.field] = text;
  }
  // A localised text given in one language only: the other is "required", on its own column.
  for (const f of fields)
    if (f.lang && body[f.field] && (body[f.field] as Record<string, unknown>)[f.lang] === undefined)
      (body[f.field] as Record<string, unknown>)[f.lang] = '';
  return { body, errors };
};

type Rec = Record<string, unknown>;

/** The texts a record is named by, for a reference or a key. */
const namesOf = (rec: Rec, by: string): unknown[] => {
  const v = rec[by];
  return v && typeof v === 'object' ? Object.values(v) : [v];
};

const DATE_AT_END = /^(.*?)[\s,]+(\d{4}-\d{2}-\d{2})$/;

/** How a choice is shown in an ambiguous reference's message. */
const choiceOf = (rec: Rec, by: string, lang: Language) => {
  const v = rec[by];
  const name = v && typeof v === 'object' ? (v as Record<string, string>)[lang] : String(v);
  const date = typeof rec.startsAt === 'string' ? ` ${rec.startsAt.slice(0, 10)}` : '';
  return `#${String(rec.id)} ${name}${date}`;
};

export interface Found {
  id?: number;
  version?: number;
  error?: string;
  /** Several records match (an update key's "none" is a create). */
  ambiguous?: boolean;
}

/**
 * Finds records by a text in the caller's scope (the area's own search, then an exact match on the
 * named field), remembering each answer for the rest of the file. `#12` or `12` names an id.
 */
export const finder = (deps: Deps, impls: ResourceImpls, auth: AuthInfo, lang: Language) => {
  const memo = new Map<string, Promise<Found>>();
  const find = async (resource: Resource, by: string, text: string): Promise<Found> => {
    const impl = impls[resource.key]!;
    const ctx: ResourceCtx = {
      deps,
      auth,
      lang,
      now: deps.config.now(),
      ownerId: providerScopeOf(auth, resource.permission, resource.providerScoped),
    };
    const byId = /^#?([0-9]{1,9})$/.exec(text);
    const dated = by === 'title' ? DATE_AT_END.exec(text) : null;
    const q = byId ? undefined : (dated?.[1] ?? text);
    const matches = byId
      ? [(await findOne(deps.db, resource, impl, ctx, Number(byId[1]))) as Rec | null].filter(
          (r): r is Rec => r !== null,
        )
      : (
          await impl
            .select(deps.db, {}, ctx)
            .where(whereOf(resource, impl, ctx, { q }))
            .limit(50)
        )
          .map((r) => impl.toRecord(r) as Rec)
          .filter(
            (rec) =>
              namesOf(rec, by).some((n) => norm(n) === norm(q)) &&
              (!dated || String(rec.startsAt ?? '').slice(0, 10) === dated[2]),
          );
    if (matches.length === 1) return { id: matches[0]!.id as number, version: matches[0]!.version as number };
    if (!matches.length) return { error: smsg('importRefNone', { text }) };
    return {
      ambiguous: true,
      error: smsg('importRefAmbiguous', {
        choices: matches
          .slice(0, 5)
          .map((m) => choiceOf(m, by, lang))
          .join('; '),
      }),
    };
  };
  return (resource: Resource, by: string, text: string) => {
    const k = `${resource.key}\n${by}\n${norm(text)}`;
    let hit = memo.get(k);
    if (!hit) memo.set(k, (hit = find(resource, by, text)));
    return hit;
  };
};
export type Finder = ReturnType<typeof finder>;

const byKey = new Map(resources.map((r) => [r.key, r]));

/** Puts each reference's id in the body, or its refusal in the errors. */
export const resolveRefs = async (
  find: Finder,
  fields: ImportField[],
  cells: Cells,
  body: Record<string, unknown>,
  errors: Record<string, string>,
) => {
  for (const f of fields) {
    const text = cells[f.key];
    if (!f.ref || !text) continue;
    const ref: ImportReference = f.ref;
    const found = await find(byKey.get(ref.resource)!, ref.by, text);
    if (found.id !== undefined) body[f.field] = found.id;
    else errors[f.key] = found.error!;
  }
};
