import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Config } from '../lib/config.ts';
import { loadConfig } from '../lib/config-load.ts';

// Every local command reads the settings `npm start` reads: the shell's variables, then `.env` for any
// the shell leaves unset (serverless.yml's `useDotenv` gives the functions the same file).
if (existsSync('.env')) process.loadEnvFile('.env');

const PORTS = {
  PORT: () => process.env.PORT ?? '3000',
  LAMBDA_PORT: () => process.env.LAMBDA_PORT ?? '3002',
  DYNAMODB_PORT: () => process.env.DYNAMODB_PORT ?? '8000',
};

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
