import { counter, get, handlers, patients, post } from './context.ts';
import { snsEvent } from '../lib/events/local-invoke.ts';
import { middayZone } from '../test/support/clock.ts';
import { note, record, round } from './rows.ts';

// 1. Each operation through its real handler in process, on API Gateway events: the DynamoDB requests
// it makes and the capacity units DynamoDB reports for them, each beside the design's minimum.

export interface Minimum {
  requests: number;
  /** Why this many: the requests the contract makes necessary. */
  why: string;
  /** Read and write capacity units of the items the operation must read and write. */
  readUnits: number;
  writeUnits: number;
  units: string;
}

const HOUR = 3_600_000;
/** An audit entry's write units: about 300 bytes, and 37 more for each patient it names (an id in a list). */
const auditUnits = (patients: number) => Math.ceil((300 + 37 * patients) / 1024);
const { counts, reset, stop } = counter;

async function measure(label: string, minimum: Minimum, operation: () => Promise<{ statusCode: number }>) {
  reset();
  const { statusCode } = await operation();
  const requests = counts.requests.length;
  const ok = statusCode < 300;
  record({
    section: 'round-trips',
    measure: `round trips: ${label}`,
    value: requests,
    unit: 'requests',
    limit: minimum.requests,
    target: '= minimum',
    met: ok && requests === minimum.requests,
    note: minimum.why,
  });
  for (const [kind, value, least] of [
    ['read', counts.readUnits, minimum.readUnits],
    ['write', counts.writeUnits, minimum.writeUnits],
  ] as const)
    record({
      section: 'capacity',
      measure: `${kind} units: ${label}`,
      value: round(value, 1),
      unit: kind === 'read' ? 'RCU' : 'WCU',
      limit: least,
      target: '= minimum',
      met: ok && round(value, 1) === least,
      note: minimum.units,
    });
  const by = [...new Set(counts.requests)].map(
    (o) => `${counts.requests.filter((c) => c === o).length} ${o}`,
  );
  note(
    `${label}: ${requests} requests (minimum ${minimum.requests}) [${by.join(', ')}], ${round(counts.readUnits, 1)} RCU (${minimum.readUnits}), ${round(counts.writeUnits, 1)} WCU (${minimum.writeUnits}) → ${statusCode}`,
  );
}

const body = (appointments: number) => ({
  givenName: 'A',
  familyName: 'B',
  birthDate: '1980-01-01',
  appointments: Array.from({ length: appointments }, (_, a) => ({
    start: new Date(Date.now() + (24 + a) * HOUR).toISOString(),
  })),
});
const preferences = (ids: string[]) => ({
  preferences: ids.map((patientId) => ({
    patientId,
    channels: ['sms', 'email'],
    updatedAt: new Date().toISOString(),
  })),
});

export async function roundTrips() {
  console.log('\n1. DynamoDB requests and capacity units per operation (counted on the live store)');
  const [reader] = await patients(1, { appointments: 20 });
  const bulkIds = await patients(100);
  const preferenceIds = await patients(1000);
  const [sendTo, orchestrateFor, dryRunFor] = await patients(3);

  // Units as the engine counts them, by DynamoDB's size rules: 1 WCU a write per KB of the item, 1 RCU a
  // strongly consistent read per 4 KB (a query: of all it reads). The engine does not count index
  // entries, which DynamoDB bills as writes too; the reminder cost below adds them.
  await measure(
    'create patient, 0 appointments',
    {
      requests: 2,
      why: 'profile (conditional) + audit',
      readUnits: 0,
      writeUnits: 2,
      units: 'profile, audit entry',
    },
    () => handlers.createPatient(post('/api/patients', body(0))),
  );
  await measure(
    'create patient, 20 appointments',
    {
      requests: 3,
      why: 'one batch of appointments + profile + audit',
      readUnits: 0,
      writeUnits: 2 + 20,
      units: 'profile, audit entry, 20 appointments (their 40 index entries apart)',
    },
    () => handlers.createPatient(post('/api/patients', body(20))),
  );
  await measure(
    'read patient',
    { requests: 2, why: 'profile + audit', readUnits: 1, writeUnits: 1, units: 'profile; audit entry' },
    () => handlers.getPatient(get(`/api/patients/${reader}`, { patient_id: reader! })),
  );
  await measure(
    'list appointments',
    {
      requests: 3,
      why: 'profile (for 404) with the reminder ledger in one batch read, and one query, in parallel + audit',
      readUnits: 2 + 2,
      writeUnits: 1,
      units: 'profile and ledger; 20 appointments (~5 KB) by ByStart; audit entry',
    },
    () => handlers.listAppointments(get(`/api/patients/${reader}/appointments`, { patient_id: reader! })),
  );
  for (const size of [1, 100, 1000]) {
    // Three keys a patient (its profile, latest preference and copy of its number's consent), read for
    // each group of 50 patients the batch is worked in: 150 keys, two batch reads of at most 100.
    const group = (patients: number) => Math.ceil((3 * patients) / 100);
    const reads = Math.floor(size / 50) * group(50) + group(size % 50);
    const writes = Math.ceil((2 * size) / 25);
    await measure(
      `preferences batch of ${size}`,
      {
        requests: reads + writes + 1,
        why: `${reads} batch reads (patient + latest + consent copy, 100 keys each, per group of 50 patients), ${writes} batch writes (version + latest, 25 each), audit`,
        readUnits: 3 * size,
        writeUnits: 2 * size + auditUnits(size),
        units:
          'per patient: profile, latest and consent copy read (a missing item costs a read too), version and latest written; one audit entry naming them all',
      },
      () =>
        handlers.writePreferences(
          post('/api/patients/contact-preference/local/bulk', preferences(preferenceIds.slice(0, size))),
        ),
    );
  }
  const send = {
    requests: 8,
    why: "patient + newest preference (2 parallel queries), reserve and note its owner for receipts (in parallel), the number's consent read again (no SMS after a stop), mark sent and leave the due index (in parallel), audit",
    readUnits: 2,
    writeUnits: 5,
    units:
      "the patient's records (under 4 KB; no preference version yet), the number's consent; ledger reserved, owner, ledger marked sent, appointment out of the due index, audit entry",
  };
  await measure('single send', send, () =>
    handlers.sendReminder(post('/api/reminders/send', { patientId: sendTo })),
  );
  await measure(
    'bulk send of 100',
    {
      requests: 100 * 7 + 1,
      why: "per patient: 2 parallel queries, reserve and note its owner, the number's consent, mark sent and leave the due index; audit once",
      readUnits: 100 * send.readUnits,
      writeUnits: 100 * (send.writeUnits - 1) + auditUnits(100),
      units: 'as a single send, per patient; one audit entry',
    },
    () => handlers.sendBulkReminders(post('/api/reminders/bulk', { patientIds: bulkIds })),
  );
  await measure('CHE orchestration (sends)', { ...send, why: 'as a single send' }, () =>
    handlers.cheReminder(post('/api/orchestrator/che-reminder', { patientId: orchestrateFor })),
  );
  await measure(
    'CHE orchestration (dry run)',
    {
      requests: 3,
      why: '2 parallel queries + audit: nothing reserved',
      readUnits: 1,
      writeUnits: 1,
      units: "the patient's records; audit entry",
    },
    () =>
      handlers.cheReminder(
        post('/api/orchestrator/che-reminder', {
          patientId: dryRunFor,
          dryRun: true,
          now: new Date().toISOString(),
        }),
      ),
  );
  // A patient of their own number, reminded by SMS, answers "yes see you then" (the model reads it).
  const answering = JSON.parse(
    (
      await handlers.createPatient(
        post('/api/patients', {
          ...body(1),
          phone: '+447700900777',
          // Daytime there now: quiet hours never hold its reminder back.
          timeZone: middayZone(),
        }),
      )
    ).body,
  ) as { id: string };
  await handlers.sendReminder(post('/api/reminders/send', { patientId: answering.id }));
  await measure(
    'answered reply',
    {
      requests: 5,
      why: "patients with the number (ByPhone), their records and newest preference (2 parallel queries), the answer and its acknowledgement reserved in one conditional ledger write, the number's consent read again before the acknowledgement leaves (by the SMS provider; the answer by the EHR queue)",
      readUnits: 2.5,
      writeUnits: 1,
      units: "the number's index entry; the patient's records; the ledger written",
    },
    async () => {
      const [outcome] = await handlers.inboundSms(
        snsEvent(
          JSON.stringify({
            originationNumber: '+447700900777',
            messageBody: 'yes see you then',
            inboundMessageId: 'bench-answer',
          }),
        ),
      );
      const { response, acknowledged } = outcome as { response?: string; acknowledged?: boolean };
      return { statusCode: response === 'confirmed' && acknowledged ? 200 : 500 };
    },
  );
  // Later sections time the same store beside raw requests: counting would burden one side only.
  stop();
}
