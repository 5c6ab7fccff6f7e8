import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../lib/errors.ts';
import { createPatient } from '../lib/patients/patients.ts';
import { NewPatient } from '../lib/patients/schema.ts';
import { openDynamoStore } from '../lib/store/dynamodb.ts';
import { demoPatients } from './demo-data.ts';
import {
  claimDataFolder,
  dataFolder,
  isPortFree,
  recordService,
  runningStart,
  stopLeftover,
} from './local-data.ts';
import { ensureTable, startDynalite } from './local-engine.ts';
import { configurationProblem, localPort } from './local-settings.ts';

// `npm start`: dynalite on disk under .data/, the table, the demo patients once, then serverless offline.

// Lambda runs Node 24; the SDK's notice about the Node 20 used locally is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const TABLE_NAME = 'clinical-assistant-local';
const DATA_DIR = join(dataFolder(), 'dynalite');

/** Stops before anything starts, with one line saying why. */
const refuse = (reason: string): never => {
  console.error(reason);
  process.exit(1);
};

const configuration = configurationProblem();

const ports = {
  PORT: localPort('PORT'),
  LAMBDA_PORT: localPort('LAMBDA_PORT'),
  DYNAMODB_PORT: localPort('DYNAMODB_PORT'),
};
const other = runningStart();
if (other !== undefined)
  refuse(`npm start is already running (pid ${other}) on ${dataFolder()}/: use that one, or stop it first.`);
// An earlier start killed outright (kill -9) leaves its serverless offline holding the ports.
const stopped = await stopLeftover().catch((error: Error) => refuse(`${error.message}.`));
if (stopped !== undefined) console.log(stopped);
// Every taken port at once: a newcomer fixes them together, not one per start.
const taken: string[] = [];
for (const [variable, port] of Object.entries(ports))
  if (!(await isPortFree(port))) taken.push(`${port} (${variable})`);
if (taken.length > 0)
  refuse(
    taken.length === 1
      ? `Port ${taken[0]} is taken: stop what uses it, or set another in .env, which every command reads.`
      : `Ports ${taken.slice(0, -1).join(', ')} and ${taken.at(-1)} are taken: stop what uses them, or set others in .env, which every command reads.`,
  );

const problem = await configuration;
if (problem !== undefined) refuse(`${problem}. Nothing was started: fix the shell's variables or .env.`);

mkdirSync(DATA_DIR, { recursive: true });
claimDataFolder();
const engine = await startDynalite({ port: ports.DYNAMODB_PORT, path: DATA_DIR }).catch((error: Error) =>
  refuse(`dynalite did not start: ${error.message}`),
);
await ensureTable(engine.endpoint, TABLE_NAME).catch(async (error: Error) => {
  console.error(error.message);
  await engine.stop();
  process.exit(1);
});

// The demo patients are loaded once; their ids are kept beside the data so every start can list them.
const DEMO_IDS = join(dataFolder(), 'demo-patients.json');
const store = openDynamoStore({ tableName: TABLE_NAME, endpoint: engine.endpoint });
const demoIds: Record<string, string> = existsSync(DEMO_IDS)
  ? JSON.parse(readFileSync(DEMO_IDS, 'utf8'))
  : {};
for (const demo of demoPatients()) {
  try {
    const patient = await createPatient(store, { defaultTimeZone: 'Europe/London' }, NewPatient.parse(demo));
    demoIds[`${patient.givenName} ${patient.familyName} (${patient.mrn})`] = patient.id;
  } catch (error) {
    // The MRN is already taken: the demo data was loaded by an earlier start.
    if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
  }
}
writeFileSync(DEMO_IDS, `${JSON.stringify(demoIds, null, 2)}\n`);
console.log(`Local engine ${engine.endpoint}, data in ${DATA_DIR}. Demo patients (fictional):`);
for (const [name, id] of Object.entries(demoIds)) console.log(`  ${id}  ${name}`);

const schedule = process.env.LOCAL_SCHEDULE !== 'off';
console.log(
  schedule
    ? 'Due reminders are sent every minute (LOCAL_SCHEDULE=off stops that); `npm run remind-due` runs it now.'
    : 'The reminder schedule is off (LOCAL_SCHEDULE=off); `npm run remind-due` runs it once.',
);

const offline = spawn(
  'serverless',
  [
    'offline',
    // `start`, not the bare command, so that plugins' `offline:start:init` hooks run (plugins/offline-as-api-gateway.cjs).
    'start',
    '--stage',
    'local',
    '--httpPort',
    String(ports.PORT),
    '--lambdaPort',
    String(ports.LAMBDA_PORT),
  ],
  {
    // A process group of its own, so a signal to `npm start` reaches every process it started.
    detached: true,
    stdio: 'inherit',
    env: {
      ...process.env,
      DYNAMODB_ENDPOINT: engine.endpoint,
      LAMBDA_PORT: String(ports.LAMBDA_PORT),
      LOCAL_SCHEDULE_ENABLED: String(schedule),
      PATH: `node_modules/.bin:${process.env.PATH}`,
    },
  },
);
// Its group is kept beside this process's pid: if this one is killed outright, the next start stops it.
if (offline.pid !== undefined) recordService(offline.pid);
const stop = (signal: NodeJS.Signals) => {
  if (offline.pid !== undefined && offline.exitCode === null) process.kill(-offline.pid, signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
// npm does not pass a SIGTERM on to its script: when npm is gone, so is the reason to run.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop('SIGTERM'), 1_000).unref();
offline.on('exit', async (code) => {
  await engine.stop();
  console.log(`Stopped serverless offline and the local engine; the data stays in ${dataFolder()}/.`);
  process.exit(code ?? 0);
});
