import { readFileSync } from 'node:fs';
import { invokeFunction, ServiceUnreachable } from './invoke.ts';

// `npm run invoke -- <function> [event.json]`: invokes one function of the running `npm start` (its
// name in serverless.yml) through serverless-offline's Lambda invoke port, with the event in the file
// (`{}` without one), and prints its result. `serverless invoke local` does not load these ESM bundles.

const [name, file] = process.argv.slice(2);
if (name === undefined) {
  console.error('usage: npm run invoke -- <function name in serverless.yml> [event.json]');
  process.exit(1);
}
try {
  const event: unknown = file === undefined ? {} : JSON.parse(readFileSync(file, 'utf8'));
  console.log(JSON.stringify(await invokeFunction(name, event)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof ServiceUnreachable ? 2 : 1);
}
