/**
 * The JSON Schemas of the OpenAPI document (server/http/openapi.ts), from the contract's zod schemas:
 * repeated branches dropped, and request strings bounded by their pattern.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  type?: string | string[];
};

/** Drops repeated branches of `anyOf` (resources sharing an endpoint may answer alike). */
const dedupeAnyOf = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(dedupeAnyOf);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dedupeAnyOf(v)])) as JsonSchema;
  if (Array.isArray(out.anyOf)) {
    const seen = new Map((out.anyOf as unknown[]).map((b) => [JSON.stringify(b), b]));
    if (seen.size === 1) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...([...seen.values()][0] as JsonSchema) };
    }
    out.anyOf = [...seen.values()];
  }
  return out;
};

/**
 * The longest string a regular expression of the contract can match, or Infinity (`*`, `+`, `{n,}`,
 * back-references). Anchors and look-arounds match no characters.
 */
export const patternMaxLength = (pattern: string): number => {
  let i = 0;
  const alternatives = (): number => {
    let max = sequence();
    while (pattern[i] === '|') {
      i++;
      max = Math.max(max, sequence());
    }
    return max;
  };
  const sequence = (): number => {
    let total = 0;
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') total += quantified(atom());
    return total;
  };
  const atom = (): number => {
    const ch = pattern[i++]!;
    if (ch === '^' || ch === '$') return 0;
    if (ch === '(') {
      let width = 1;
      if (pattern[i] === '?') {
        const look = /^\?(?:=|!|<=|<!)/.exec(pattern.slice(i));
        if (look) width = 0;
        i += look ? look[0].length : pattern[i + 1] === '<' ? pattern.indexOf('>', i) - i + 1 : 2;
      }
      const inner = alternatives();
      i++; // ')'
      return inner * width;
    }
    if (ch === '[') {
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++; // ']'
      return 1;
    }
    if (ch === '\\') {
      const next = pattern[i++]!;
      if (next === 'b' || next === 'B') return 0;
      if (/[1-9k]/.test(next)) return Infinity;
      if (next === 'u' && pattern[i] === '{') i = pattern.indexOf('}', i) + 1;
      else if (next === 'u') i += 4;
      else if (next === 'x') i += 2;
      else if (next === 'p' || next === 'P') i = pattern.indexOf('}', i) + 1;
      return 1;
    }
    return 1;
  };
  const quantified = (width: number): number => {
    const q = /^(?:[*+]|\?|\{(\d+)(,(\d*))?\})\??/.exec(pattern.slice(i));
    if (!q) return width;
    i += q[0].length;
    if (q[0][0] === '*' || q[0][0] === '+') return width === 0 ? 0 : Infinity;
    if (q[0][0] === '?') return width;
    const max = q[2] === undefined ? Number(q[1]) : q[3] ? Number(q[3]) : Infinity;
    return width === 0 ? 0 : width * max;
  };
  const max = alternatives();
  return i === pattern.length ? max : Infinity;
};

/** Request strings bounded only by a pattern get that bound as `maxLength` (what the server enforces). */
const boundStrings = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(boundStrings);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, boundStrings(v)])) as JsonSchema;
  if (out.type === 'string' && typeof out.pattern === 'string' && out.maxLength === undefined) {
    const max = patternMaxLength(out.pattern);
    if (Number.isFinite(max)) out.maxLength = max;
  }
  return out;
};

export const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  const clean = dedupeAnyOf(out);
  return (io === 'input' ? boundStrings(clean) : clean) as JsonSchema;
};
