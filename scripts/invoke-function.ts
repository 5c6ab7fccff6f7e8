import { readFileSync } from 'node:fs';
import { invokeFunction, ServiceUnreachable } from './invoke.ts';
import { localPort } from './local-settings.ts';
import { functions, routesOf } from './manifest.ts';

// `npm run invoke -- <function> [event.json]`: invokes one non-HTTP function of the running `npm start`
// (its name in serverless.yml) through serverless-offline's Lambda invoke port, with the event in the
// file (`{}` without one), and prints its result. `serverless invoke local` does not load these ESM
// bundles. An HTTP function is refused in one line: it needs an API Gateway event, which curl makes.

const refuse = (reason: string): never => {
  console.error(reason);
  return process.exit(1);
};
const invocable = Object.keys(functions).filter((name) => routesOf(name).length === 0);
const [name = refuse('usage: npm run invoke -- <function name in serverless.yml> [event.json]'), file] =
  process.argv.slice(2);
if (!Object.hasOwn(functions, name))
  refuse(`No function ${name} in serverless.yml. These can be invoked: ${invocable.join(', ')}.`);
const [route] = routesOf(name);
if (route !== undefined) {
  const path = route === '*' ? '/any/unknown/path' : route.split(' ')[1];
  refuse(
    `${name} is an HTTP function (${route}): call it over HTTP, e.g. curl -s localhost:${localPort('PORT')}${path}. ` +
      `These can be invoked: ${invocable.join(', ')}.`,
  );
}
try {
  const event: unknown = file === undefined ? {} : JSON.parse(readFileSync(file, 'utf8'));
  console.log(JSON.stringify(await invokeFunction(name, event)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof ServiceUnreachable ? 2 : 1);
}
