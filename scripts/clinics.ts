import { type ClinicSpace, DEFAULT_CLINIC } from '../lib/clinics.ts';
import { isStoreUnavailable } from '../lib/errors.ts';
import { anyDynamoDbOperation } from '../lib/store/dynamodb-client.ts';
import { spacePrefix } from '../lib/store/table.ts';
import { localClinics } from './clinic-option.ts';
import { localPort } from './local-settings.ts';

// `npm run clinics`: the clinics the local stage serves, one JSON line each, with what an operator
// watches, counted in the local engine: patients, appointments waiting for a reminder, and answers
// waiting for a person (needs_attention, visit ahead), live and in the sandbox. Ids and counts only,
// never a patient's details. Exits 2 when the local engine is not answering.

const TABLE_NAME = 'clinical-assistant-local';
const clinics = localClinics();
const spaces = clinics.flatMap(({ id }) => [false, true].map((sandbox) => ({ clinic: id, sandbox })));

/** The space a partition key is of: the longest prefix that starts it; the default clinic's live has none. */
function spaceOf(pk: string): ClinicSpace | undefined {
  const owned = spaces
    .filter((space) => spacePrefix(space) !== '' && pk.startsWith(spacePrefix(space)))
    .sort((a, b) => spacePrefix(b).length - spacePrefix(a).length)[0];
  if (owned) return owned;
  const legacy = !pk.startsWith('CLINIC#') && !pk.startsWith('SANDBOX#');
  return legacy && clinics.some(({ id }) => id === DEFAULT_CLINIC)
    ? { clinic: DEFAULT_CLINIC, sandbox: false }
    : undefined;
}

type Counts = { patients: number; dueReminders: number; awaitingStaff: number };
const counts = new Map(
  spaces.map((space) => [
    JSON.stringify(space),
    { patients: 0, dueReminders: 0, awaitingStaff: 0 } as Counts,
  ]),
);

const port = localPort('DYNAMODB_PORT');
const db = anyDynamoDbOperation({ endpoint: `http://127.0.0.1:${port}` });
const now = Date.now();
try {
  let start: unknown;
  do {
    const page = (await db('Scan', {
      TableName: TABLE_NAME,
      ProjectionExpression: 'PK, SK, dueBucket, responses',
      ...(start !== undefined && { ExclusiveStartKey: start }),
    })) as { Items?: Record<string, unknown>[]; LastEvaluatedKey?: unknown };
    for (const item of page.Items ?? []) {
      const space = spaceOf(String(item.PK));
      const tally = space && counts.get(JSON.stringify(space));
      if (tally === undefined) continue;
      if (item.SK === 'PROFILE') tally.patients++;
      if (item.dueBucket !== undefined) tally.dueReminders++;
      const responses = (item.responses ?? []) as { status: string; appointmentStart: string }[];
      if (item.SK === 'REMINDERS')
        tally.awaitingStaff += responses.filter(
          (r) => r.status === 'needs_attention' && Date.parse(r.appointmentStart) > now,
        ).length;
    }
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
} catch (error) {
  const { code } = error as { code?: string };
  if (code === 'ECONNREFUSED' || isStoreUnavailable(error)) {
    console.error(`The local engine is not answering on port ${port}: start it with \`npm start\`.`);
    process.exit(2);
  }
  throw error;
}
for (const { id, name } of clinics) {
  const of = (sandbox: boolean) => counts.get(JSON.stringify({ clinic: id, sandbox }))!;
  console.log(JSON.stringify({ clinic: id, ...(name && { name }), ...of(false), sandbox: of(true) }));
}
