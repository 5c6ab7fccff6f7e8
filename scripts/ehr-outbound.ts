import { existsSync } from 'node:fs';
import { readLocalEhrOutbound } from '../lib/ehr/local-table.ts';
import { dynamoDb } from '../lib/store/dynamodb-table.ts';

// `npm run ehr:outbound`: what the running `npm start` has written back to the EHR, as the EHR's queue
// would deliver it: one FHIR R4 resource a line, oldest first, read from the local engine.

if (existsSync('.env')) process.loadEnvFile('.env');
const port = Number(process.env.DYNAMODB_PORT ?? 8000);
const db = dynamoDb({ endpoint: `http://127.0.0.1:${port}` });
try {
  for (const resource of await readLocalEhrOutbound(db, 'clinical-assistant-local'))
    console.log(JSON.stringify(resource));
} catch (error) {
  const unreachable = (error as Error).name !== 'ResourceNotFoundException';
  console.error(
    unreachable
      ? `The local engine is not answering on port ${port}: start it with \`npm start\` (or set DYNAMODB_PORT).`
      : 'The local engine has no EHR messages table yet: start the service once with `npm start`.',
  );
  process.exit(unreachable ? 2 : 1);
}
