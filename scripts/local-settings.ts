import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv, promisify } from 'node:util';
import type { Config } from '../lib/config.ts';
import { loadConfig } from '../lib/config-load.ts';

const PORTS = {
  PORT: () => process.env.PORT ?? '3000',
  LAMBDA_PORT: () => process.env.LAMBDA_PORT ?? '3002',
  DYNAMODB_PORT: () => process.env.DYNAMODB_PORT ?? '8000',
};

/** What the local commands themselves read; the functions read what serverless.yml passes them. */
const LOCAL_SETTINGS = [...Object.keys(PORTS), 'LOCAL_DATA_DIR', 'LOCAL_SCHEDULE'];

/** Every variable something here reads, by name: the local commands' and `${env:…}` in serverless.yml. */
function readSettings(): string[] {
  const manifest = readFileSync(new URL('../serverless.yml', import.meta.url), 'utf8');
  return [
    ...new Set([...LOCAL_SETTINGS, ...[...manifest.matchAll(/\$\{env:(\w+)/g)].map(([, name]) => name!)]),
  ];
}

/** Steps from one name to another (Levenshtein), to suggest the name a misspelt one meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

/** One line naming the variables of `.env` that nothing reads, never their values; undefined when none. */
export function unreadSettings(dotenv: string): string | undefined {
  const read = readSettings();
  const values = parseEnv(dotenv);
  // Named in the file's order, which parseEnv does not keep.
  const names = [...dotenv.matchAll(/^\s*(?:export\s+)?([\w.-]+)\s*=/gm)].map(([, name]) => name!);
  // serverless offline hands every AWS_ variable to the functions, as Lambda's runtime sets them.
  const unread = [...new Set(names)].filter(
    (name) => Object.hasOwn(values, name) && !read.includes(name) && !name.startsWith('AWS_'),
  );
  if (unread.length === 0) return undefined;
  const named = unread.map((name) => {
    const meant = read.find((other) => distance(name, other) <= 2);
    return meant === undefined ? name : `${name} (${meant}?)`;
  });
  return `.env sets ${named.join(', ')}, which nothing reads: .env.example lists what is read.`;
}

// Every local command reads the settings `npm start` reads: the shell's variables, then `.env` for any
// the shell leaves unset (serverless.yml's `useDotenv` gives the functions the same file). A misspelt
// name would otherwise be ignored without a word.
if (existsSync('.env')) {
  process.loadEnvFile('.env');
  const unread = unreadSettings(readFileSync('.env', 'utf8'));
  if (unread !== undefined) console.error(unread);
}

/** A local port setting; a command given one that is not a port number stops, saying which. */
export function localPort(variable: keyof typeof PORTS): number {
  const port = Number(PORTS[variable]());
  if (Number.isInteger(port) && port >= 1 && port <= 65_535) return port;
  console.error(`${variable} must be a port number (1–65535).`);
  return process.exit(1);
}

/**
 * The configuration every function will read, checked before anything starts: `serverless print`
 * resolves serverless.yml's environment (the shell, `.env`, the local stage's values) as serverless
 * offline will, and the functions' own check judges it. A bad value would fail every request instead.
 */
export async function localConfiguration(): Promise<Config> {
  const print = ['print', '--stage', 'local', '--path', 'provider.environment', '--format', 'json'];
  const { stdout } = await promisify(execFile)('node_modules/.bin/serverless', print);
  return loadConfig(JSON.parse(stdout) as Record<string, string>);
}

/** What is wrong with the local configuration, in the functions' own words; undefined when nothing. */
export const configurationProblem = (): Promise<string | undefined> =>
  localConfiguration().then(
    () => undefined,
    (error: Error) => error.message,
  );
