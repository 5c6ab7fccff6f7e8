import { namesThisService } from './invoke.ts';
import { localPort } from './local-settings.ts';

// `npm run --silent address`: the running service's address, from the settings `npm start` reads (PORT
// in the shell, then .env), so that the README's walk is written with no port in it. One line and exit
// 2, printing no address, when nothing answers there or another program does.

const port = localPort('PORT');
const address = `http://localhost:${port}`;
const fix = 'set PORT to the port npm start uses, in .env, which every command reads';
let index: unknown;
try {
  index = await (await fetch(`${address}/`)).json().catch(() => undefined);
} catch {
  console.error(`Nothing answers on port ${port}: start the service with \`npm start\`, or ${fix}.`);
  process.exit(2);
}
if (!namesThisService(index)) {
  console.error(`Port ${port} is answered by another program, not this project's \`npm start\`: ${fix}.`);
  process.exit(2);
}
console.log(address);
