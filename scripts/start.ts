import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ApiError } from '../lib/errors.ts';
import { createPatient } from '../lib/patients/patients.ts';
import { NewPatient } from '../lib/patients/schema.ts';
import { DynamoStore } from '../lib/store/dynamodb.ts';
import { demoPatients } from './demo-data.ts';
import { ensureTable, startDynalite } from './local-engine.ts';

// `npm start`: dynalite on disk under .data/, the table, the demo patients once, then serverless offline.

// Lambda runs Node 22; the SDK's notice about the Node 20 used locally is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const TABLE_NAME = 'clinical-assistant-local';
const DATA_DIR = '.data/dynalite';
const port = Number(process.env.DYNAMODB_PORT ?? 8000);

mkdirSync(DATA_DIR, { recursive: true });
const engine = await startDynalite({ port, path: DATA_DIR }).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is taken: stop what uses it or set DYNAMODB_PORT.`
      : `dynalite did not start: ${error.message}`,
  );
  process.exit(1);
});
await ensureTable(engine.endpoint, TABLE_NAME).catch(async (error: Error) => {
  console.error(error.message);
  await engine.stop();
  process.exit(1);
});

// The demo patients are loaded once; their ids are kept beside the data so every start can list them.
const DEMO_IDS = '.data/demo-patients.json';
const store = DynamoStore.open({ tableName: TABLE_NAME, endpoint: engine.endpoint });
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

const offline = spawn('serverless', ['offline', '--stage', 'local'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DYNAMODB_ENDPOINT: engine.endpoint,
    LOCAL_SCHEDULE_ENABLED: String(schedule),
    PATH: `node_modules/.bin:${process.env.PATH}`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => offline.kill(signal));
offline.on('exit', async (code) => {
  await engine.stop();
  process.exit(code ?? 0);
});
