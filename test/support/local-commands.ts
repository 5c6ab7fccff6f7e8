import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `npm run <script> -- <args>` against the service on `lambdaPort`, as a person runs it: exit code and output. */
export async function runLocal(
  script: string,
  args: readonly string[],
  lambdaPort: number,
  env: Record<string, string> = {},
) {
  return run('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, LAMBDA_PORT: String(lambdaPort), ...env },
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}
