import { existsSync } from 'node:fs';

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
