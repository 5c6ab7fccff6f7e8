import { readLocalEhrOutbound } from '../lib/ehr/local-table.ts';
import { isStoreUnavailable } from '../lib/errors.ts';
import { dynamoDb } from '../lib/store/dynamodb-client.ts';
import { localPort } from './local-settings.ts';

// `npm run ehr:outbound`: what the running `npm start` has written back to the EHR, as the EHR's queue
// would deliver it: one FHIR R4 resource a line, oldest first, read from the local engine. Nothing
// written back yet prints nothing. Exits 2 when the local engine is not answering, or is not npm start's.

const TABLE_NAME = 'clinical-assistant-local';
// A connection that failed, by Node's code for it; an engine that takes it and never answers is
// given up at the client's deadline as store_unavailable.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH']);

const port = localPort('DYNAMODB_PORT');

const db = dynamoDb({ endpoint: `http://127.0.0.1:${port}` });
try {
  const resources = await readLocalEhrOutbound(db, TABLE_NAME);
  if (resources.length > 0) process.stdout.write(resources.map((r) => `${JSON.stringify(r)}\n`).join(''));
} catch (error) {
  const { name, code } = error as { name?: string; code?: string };
  if (UNREACHABLE.has(code ?? '') || isStoreUnavailable(error)) {
    console.error(`The local engine is not answering on port ${port}: start it with \`npm start\`.`);
    process.exit(2);
  }
  // npm start makes the service's table before anything else: an engine without it is another's.
  const ours = await db('GetItem', { TableName: TABLE_NAME, Key: { PK: 'HEALTH', SK: 'HEALTH' } }).then(
    () => true,
    () => false,
  );
  if (!ours) {
    console.error(
      `Port ${port} is answered by another program, not the local engine of this project's \`npm start\`: ` +
        'set DYNAMODB_PORT to the port npm start uses, in .env, which every command reads.',
    );
    process.exit(2);
  }
  // An engine with no outbound table yet has written nothing back.
  if (name !== 'ResourceNotFoundException') throw error;
}
