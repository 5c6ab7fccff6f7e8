import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { type Row, type Section, targetsMet } from './rows.ts';

// docs/performance.md, regenerated from a bench run: bench/performance.template.md with each section's
// rows and the machine filled in. `npm run bench:report` renders it again from bench/results/latest.json.

export interface Results {
  at: string;
  machine: Record<string, string | number>;
  versions: Record<string, string>;
  rows: Row[];
  /** Parts measured again alone since the full run, each replacing its rows. */
  remeasured?: { part: string; at: string }[];
}

export const RESULTS = 'bench/results/latest.json';
const TEMPLATE = 'bench/performance.template.md';
const DOCUMENT = 'docs/performance.md';

const cell = (text: string) => text.replaceAll('|', '\\|');

function table(rows: Row[]): string {
  const lines = ['| measure | value | target | met | note |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows)
    lines.push(
      `| ${cell(r.measure)} | ${r.value} ${r.unit} | ${cell(r.target)} | ${r.met ? 'yes' : '**no**'} | ${cell(r.note ?? '')} |`,
    );
  return lines.join('\n');
}

export function render(results: Results, template = readFileSync(TEMPLATE, 'utf8')): string {
  const { machine, versions } = results;
  return template
    .replace(
      '{{machine}}',
      `Run at ${results.at} on ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}; ` +
        Object.entries(versions)
          .map(([name, version]) => `${name} ${version}`)
          .join(', ') +
        `. ${targetsMet(results.rows)} targets met.` +
        (results.remeasured ?? [])
          .map(
            (r) =>
              ` The part \`${r.part}\` measured again alone (\`npm run bench -- ${r.part}\`) at ${r.at}.`,
          )
          .join(''),
    )
    .replace(/\{\{rows:([a-z-]+)\}\}/g, (_, section: Section) => {
      const rows = results.rows.filter((r) => r.section === section);
      if (rows.length === 0) throw new Error(`no rows for section ${section}`);
      return table(rows);
    });
}

/**
 * The rows with those `owned` by a part replaced by its new ones, each section's new rows where its old
 * ones stood (at the section's end when it had none).
 */
export function replaceRows(old: readonly Row[], fresh: readonly Row[], owned: (row: Row) => boolean): Row[] {
  const placed = new Set<Row['section']>();
  const rows = old.flatMap((row) => {
    if (!owned(row)) return [row];
    if (placed.has(row.section)) return [];
    placed.add(row.section);
    return fresh.filter((r) => r.section === row.section);
  });
  for (const row of fresh) {
    if (placed.has(row.section)) continue;
    const lastOfSection = rows.findLastIndex((r) => r.section === row.section);
    rows.splice(lastOfSection === -1 ? rows.length : lastOfSection + 1, 0, row);
  }
  return rows;
}

/** The document, laid out as the repository's formatter would (its check runs in `npm test`). */
const document = async (results: Results) =>
  writeFileSync(
    DOCUMENT,
    await format(render(results), { ...(await resolveConfig(DOCUMENT)), filepath: DOCUMENT }),
  );

export async function writeReport(results: Results) {
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  await document(results);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await document(JSON.parse(readFileSync(RESULTS, 'utf8')) as Results);
