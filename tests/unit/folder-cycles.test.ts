// @vitest-environment node
/**
 * The folders are layers (docs/architecture.md §9): no folder of src/ or server/ reaches, through the
 * imports of its files (`import type` too, docs/decisions/0050-the-crud-engine-in-server-resources.md),
 * a folder that reaches it back. The lint
 * fences forbid the known wrong directions one by one; this finds a cycle the fences do not name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const sourcesIn = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourcesIn(file);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [file] : [];
  });

const resolve = (from: string, spec: string): string | undefined => {
  const base = spec.startsWith('@/')
    ? path.join(root, 'src', spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : undefined;
  if (!base) return undefined;
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
};

/** `src/<folder>` or `server/<folder>` of a file (the files at the top are one folder of their own). */
const folderOf = (file: string) => {
  const [first, second] = path.relative(root, file).split(path.sep);
  return second && !/\.tsx?$/.test(second) ? `${first}/${second}` : `${first}/(top)`;
};

/** The modules a file imports, types included. */
const IMPORTS =
  /^(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm;

/** Folder → the folders it imports from, with one import that says so. */
const folderGraph = (files: string[]) => {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files)
    for (const [, named, dynamic, bare] of readFileSync(file, 'utf8').matchAll(IMPORTS)) {
      const spec = named ?? dynamic ?? bare;
      const target = spec && resolve(file, spec);
      if (!target) continue;
      const [a, b] = [folderOf(file), folderOf(target)];
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, `${path.relative(root, file)} → ${spec}`);
    }
  return edges;
};

/** The groups of folders that reach one another (Tarjan's strongly connected components, size > 1). */
const cyclesOf = (edges: Map<string, Map<string, string>>) => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
};

/** Each cycle with the imports that close it, for the message. */
const describeCycles = (edges: Map<string, Map<string, string>>, cycles: string[][]) =>
  cycles.map((group) =>
    group.flatMap((a) =>
      [...(edges.get(a) ?? [])].filter(([b]) => group.includes(b)).map(([b, why]) => `${a} → ${b} (${why})`),
    ),
  );

describe('folder cycles', () => {
  it('finds a cycle when there is one', () => {
    const planted = new Map([
      ['src/components', new Map([['src/resources', 'a']])],
      ['src/resources', new Map([['src/components', 'b']])],
      ['src/lib', new Map([['src/contract', 'c']])],
    ]);
    expect(cyclesOf(planted)).toEqual([['src/components', 'src/resources']]);
  });

  it.each(['src', 'server'])('%s/ has none', (top) => {
    const edges = folderGraph(sourcesIn(path.join(root, top)));
    expect(edges.size).toBeGreaterThan(5);
    expect(describeCycles(edges, cyclesOf(edges))).toEqual([]);
  });
});
