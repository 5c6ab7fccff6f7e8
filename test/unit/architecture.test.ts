import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every arrow points inward: no import cycle between lib/'s files nor between its folders, and only the
// composition root (lib/wiring) chooses adapters, so nothing else in lib/ imports it.

const ROOT = resolve(import.meta.dirname, '../..');
const COMPOSITION_ROOT = 'lib/wiring';
/** Files directly in lib/ that every layer may use: they import no folder of lib/. */
const KERNEL = [
  'canonical-json',
  'clinics',
  'concurrency',
  'config',
  'config-load',
  'config-sections',
  'config-clinics',
  'errors',
  'fields',
  'ids',
  'log',
  'metrics',
  'records',
  'text',
  'time',
  'validation',
  'version',
].map((name) => `lib/${name}.ts`);
/** The domain, which owns its ports; adapters and wrappers import it, never the reverse. */
const DOMAIN = ['audit', 'feed', 'listing', 'patient-replies', 'patients', 'preferences', 'reminders'].map(
  (name) => `lib/${name}`,
);
/** Adapters (store, notify, queue, ehr, reply-model), wrappers (http, events) and the wiring. */
const OUTER = ['ehr', 'events', 'http', 'notify', 'queue', 'reply-model', 'store', 'wiring'].map(
  (name) => `lib/${name}`,
);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The lib/ files a file imports: `import`, `import type` and `export … from`, relative or `#lib/*`. */
export function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]/gm)]
    .concat([...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)])
    .map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    let target: string;
    if (specifier.startsWith('#lib/')) target = `lib/${specifier.slice('#lib/'.length)}`;
    else if (specifier.startsWith('.')) target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
    else return [];
    return target.startsWith('lib/') && existsSync(join(ROOT, target)) ? [target] : [];
  });
}

/** A file's folder: `lib/x` for a file under lib/x/, the file itself for one directly in lib/. */
const folderOf = (file: string) => file.split('/').slice(0, 2).join('/');

/** Strongly connected components with more than one node (Tarjan): each one holds a cycle. */
function cycles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

const files = sourceFiles('lib');
const imports = new Map(files.map((file) => [file, importsOf(file, readFileSync(join(ROOT, file), 'utf8'))]));

/** Folder → folder → the file imports behind that arrow, to name them in a failure. */
const folderEdges = new Map<string, Map<string, string[]>>();
for (const [file, targets] of imports)
  for (const target of targets) {
    const [from, to] = [folderOf(file), folderOf(target)];
    if (from === to) continue;
    const edges = folderEdges.get(from) ?? new Map<string, string[]>();
    folderEdges.set(from, edges.set(to, [...(edges.get(to) ?? []), `${file} → ${target}`]));
  }

describe('architecture: every arrow points inward', () => {
  it('reads every kind of import, resolving ./, ../ and #lib/*', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../kernel.ts';",
      "export { c } from '#lib/errors.ts';",
      "export type * from '../log.ts';",
      "import {\n  d,\n  type E,\n} from '../time.ts';",
      "import * as z from 'zod/mini';",
    ].join('\n');
    expect(importsOf('lib/store/x.ts', text).sort()).toEqual(
      ['lib/errors.ts', 'lib/log.ts', 'lib/time.ts'].sort(),
    );
  });

  it('has no import cycle between files of lib/', () => {
    expect(cycles(files, (file) => imports.get(file) ?? [])).toEqual([]);
  });

  it("has no import cycle between lib/'s folders (each file directly in lib/ its own)", () => {
    const found = cycles(new Set(files.map(folderOf)), (folder) => folderEdges.get(folder)?.keys() ?? []);
    const described = found.map((members) =>
      members.flatMap((from) => members.flatMap((to) => folderEdges.get(from)?.get(to) ?? [])),
    );
    expect(described).toEqual([]);
  });

  it('has the kernel import no folder of lib/: configuration is plain values', () => {
    const outward = KERNEL.flatMap((file) =>
      (imports.get(file) ?? []).filter((target) => !KERNEL.includes(target)).map((t) => `${file} → ${t}`),
    );
    expect(KERNEL.filter((file) => !imports.has(file))).toEqual([]);
    expect(outward).toEqual([]);
  });

  it('has the domain import no adapter, wrapper or wiring: its ports are its own', () => {
    const outward = [...imports].flatMap(([file, targets]) =>
      DOMAIN.includes(folderOf(file))
        ? targets.filter((target) => OUTER.includes(folderOf(target))).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(outward).toEqual([]);
  });

  it('has nothing in lib/ but the composition root import the composition root', () => {
    const inward = [...imports].flatMap(([file, targets]) =>
      folderOf(file) === COMPOSITION_ROOT
        ? []
        : targets.filter((target) => folderOf(target) === COMPOSITION_ROOT).map((t) => `${file} → ${t}`),
    );
    expect(inward).toEqual([]);
  });
});
