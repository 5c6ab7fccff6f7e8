import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { snsEvent } from '../../lib/events/local-invoke.ts';
import { openDynamoStore } from '../../lib/store/dynamodb.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { invokeFunction } from '../../scripts/invoke.ts';
import demo from '../../scripts/local-clinics.cjs';
import { middayZone } from '../support/clock.ts';
import { runLocal } from '../support/local-commands.ts';
import { call } from './http.ts';
import { CLINIC_KEYS, TABLE_NAME } from './service.ts';

// Two clinics and their sandboxes, end to end through the bundled functions: every endpoint, a reply,
// a feed message and a receipt reach only the clinic their key or message names; a test key's patients
// live apart, its messages go to the simulated provider, and its test numbers answer like patients.

const [riverside, hillside] = JSON.parse(demo.clinics) as { id: string; smsNumber: string }[];
const lambdaPort = () => inject('lambdaPort');
const engine = (clinic: string, sandbox = false) =>
  openDynamoStore({ tableName: TABLE_NAME, endpoint: inject('engineEndpoint'), space: { clinic, sandbox } });
const DAY1 = () => toApiTimestamp(Date.now() + 30 * 3_600_000);

/** The same patient (MRN, phone, appointment id) created with a key: its id. */
async function patientWith(key: string, mrn: string, phone: string, name: string) {
  const created = await call('POST', '/api/patients', {
    key,
    body: {
      givenName: name,
      familyName: 'Shared',
      birthDate: '1980-02-03',
      phone,
      timeZone: middayZone(),
      mrn,
      appointments: [{ id: 'visit', start: DAY1() }],
    },
  });
  expect(created.status, name).toBe(201);
  return created.body.id as string;
}

describe('two clinics in one deployment', () => {
  it("lets no key read, list, remind or change another clinic's patient: 404, never 403, and not found in bulk", async () => {
    const mrn = `SHARED-${randomUUID().slice(0, 8)}`;
    const phone = `+1555${randomInt(1_000_000, 9_999_999)}`;
    const ours = await patientWith(CLINIC_KEYS.live, mrn, phone, 'Riverside');
    const theirs = await patientWith(CLINIC_KEYS.hillside, mrn, phone, 'Hillside');
    const asRiverside = { key: CLINIC_KEYS.live };

    expect((await call('GET', `/api/patients/${theirs}`, asRiverside)).status).toBe(404);
    expect((await call('GET', `/api/patients/${theirs}/appointments`, asRiverside)).status).toBe(404);
    expect((await call('GET', `/api/patients/${ours}`, asRiverside)).body.givenName).toBe('Riverside');
    const send = await call('POST', '/api/reminders/send', { ...asRiverside, body: { patientId: theirs } });
    expect(send.status).toBe(404);
    const che = await call('POST', '/api/orchestrator/che-reminder', {
      ...asRiverside,
      body: { patientId: theirs, dryRun: true },
    });
    expect(che.status).toBe(404);
    const bulk = await call('POST', '/api/reminders/bulk', {
      ...asRiverside,
      body: { patientIds: [theirs, ours], dryRun: true },
    });
    expect(bulk.body.results.map((r: { status: string }) => r.status)).toEqual(['not_found', 'planned']);
    const preferences = await call('POST', '/api/patients/contact-preference/local/bulk', {
      ...asRiverside,
      body: { preferences: [{ patientId: theirs, channels: [] }] },
    });
    expect(preferences.body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'not_found' } });
    // Hillside's patient is as it was: still remindable by SMS, never written by Riverside's key.
    const planned = await call('POST', '/api/reminders/send', {
      key: CLINIC_KEYS.hillside,
      body: { patientId: theirs, dryRun: true },
    });
    expect(planned.body.reminder).toMatchObject({ status: 'planned', channel: 'sms' });
  });

  it("takes a STOP to one clinic's number as that clinic's alone, though the same number is both clinics' patient", async () => {
    const phone = `+1555${randomInt(1_000_000, 9_999_999)}`;
    const mrn = `STOP-${randomUUID().slice(0, 8)}`;
    const ours = await patientWith(CLINIC_KEYS.live, mrn, phone, 'Riverside');
    const theirs = await patientWith(CLINIC_KEYS.hillside, mrn, phone, 'Hillside');
    const stop = snsEvent(
      JSON.stringify({
        originationNumber: phone,
        destinationNumber: hillside!.smsNumber,
        messageBody: 'STOP',
        inboundMessageId: randomUUID(),
      }),
    );
    const [outcome] = (await invokeFunction('inboundSms', stop, { port: lambdaPort() })) as Record<
      string,
      unknown
    >[];
    expect(outcome).toMatchObject({ clinic: 'hillside', intent: 'opt-out', patients: 1, changed: 1 });
    const dryRun = (key: string, patientId: string) =>
      call('POST', '/api/reminders/send', { key, body: { patientId, dryRun: true } });
    expect((await dryRun(CLINIC_KEYS.hillside, theirs)).body.reminder).toMatchObject({ reason: 'opted_out' });
    expect((await dryRun(CLINIC_KEYS.live, ours)).body.reminder).toMatchObject({ status: 'planned' });

    // A reply to a number that is no clinic's acts on no one.
    const stray = snsEvent(
      JSON.stringify({
        originationNumber: phone,
        destinationNumber: '+447700900999',
        messageBody: 'STOP',
        inboundMessageId: randomUUID(),
      }),
    );
    const [ignored] = (await invokeFunction('inboundSms', stray, { port: lambdaPort() })) as Record<
      string,
      unknown
    >[];
    expect(ignored).toMatchObject({ outcome: 'ignored' });
    expect((await dryRun(CLINIC_KEYS.live, ours)).body.reminder).toMatchObject({ status: 'planned' });
  });

  it('applies a feed message to the clinic it names, and rejects one naming none or an unknown one', async () => {
    const mrn = `FEED-${randomUUID().slice(0, 8)}`;
    const file = `examples/.feed-${mrn}.ndjson`;
    const patient = {
      resourceType: 'Patient',
      meta: { lastUpdated: toApiTimestamp(Date.now() - 60_000) },
      identifier: [{ system: 'urn:clinical-assistant:mrn', value: mrn }],
      name: [{ given: ['Fed'], family: 'Patient' }],
      birthDate: '1970-01-01',
    };
    const { writeFileSync, rmSync } = await import('node:fs');
    writeFileSync(file, `${JSON.stringify(patient)}\n`);
    try {
      const fed = await runLocal('feed', [file, '--clinic', 'hillside'], lambdaPort());
      expect(JSON.parse(fed.stdout.trim())).toMatchObject({ outcome: 'created' });
      expect(await engine('hillside').findPatientByMrn(mrn)).toBeDefined();
      expect(await engine(riverside!.id).findPatientByMrn(mrn)).toBeUndefined();
    } finally {
      rmSync(file, { force: true });
    }
    const sqs = (attributes: Record<string, { stringValue: string; dataType: string }>) => ({
      Records: [{ messageId: randomUUID(), body: JSON.stringify(patient), messageAttributes: attributes }],
    });
    const attributeSets: [Record<string, { stringValue: string; dataType: string }>, RegExp][] = [
      [{}, /clinic/],
      [{ clinic: { stringValue: 'lakeside', dataType: 'String' } }, /clinic/],
      // A sandbox flag that could be meant either way is never guessed into the live records.
      [
        {
          clinic: { stringValue: 'hillside', dataType: 'String' },
          sandbox: { stringValue: 'True', dataType: 'String' },
        },
        /"sandbox" must be "true" or "false"/,
      ],
    ];
    for (const [attributes, error] of attributeSets) {
      const response = (await invokeFunction('feed', sqs(attributes), { port: lambdaPort() })) as {
        messages: { result: { resources: { outcome: string; error?: string }[] } }[];
      };
      expect(response.messages[0]?.result.resources).toEqual([
        expect.objectContaining({ outcome: 'rejected', error: expect.stringMatching(error) }),
      ]);
    }
  });
});

describe("a clinic's sandbox", () => {
  it("keeps a test key's patients apart from the live records, and a live key's from the sandbox", async () => {
    const mrn = `SANDBOX-${randomUUID().slice(0, 8)}`;
    const test = await patientWith(
      CLINIC_KEYS.test,
      mrn,
      `+1555${randomInt(1_000_000, 9_999_999)}`,
      'Tester',
    );
    expect((await call('GET', `/api/patients/${test}`, { key: CLINIC_KEYS.live })).status).toBe(404);
    expect((await call('GET', `/api/patients/${test}`, { key: CLINIC_KEYS.hillsideTest })).status).toBe(404);
    // The same MRN is free in the live records: the sandbox's claim is its own.
    await patientWith(CLINIC_KEYS.live, mrn, `+1555${randomInt(1_000_000, 9_999_999)}`, 'Live');
  });

  it('runs the whole loop with no phone: the test number delivers, answers, and the answer is listed and written back as test data', async () => {
    const test = await patientWith(
      CLINIC_KEYS.test,
      `LOOP-${randomUUID().slice(0, 8)}`,
      '+447700900111',
      'Tester',
    );
    const sent = await call('POST', '/api/reminders/send', {
      key: CLINIC_KEYS.test,
      body: { patientId: test },
    });
    expect(sent.status).toBe(201);
    // Nothing went to the live records' outbox; the sandbox's simulated provider took it.
    expect(await engine(riverside!.id).listMessages(test)).toEqual([]);
    // The reminder alone: the test number's answer may already have brought its acknowledgement.
    const simulated = await engine(riverside!.id, true).listMessages(test);
    expect(simulated.filter((m) => m.reminderId === sent.body.reminder.id)).toHaveLength(1);
    // Its receipt and the test number's "1" come back through the receipts and inbound functions.
    let appointment: { reminder: { status: string }; response: { status: string } | null } | undefined;
    for (let wait = 0; wait < 50 && appointment?.response?.status !== 'confirmed'; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      appointment = (await call('GET', `/api/patients/${test}/appointments`, { key: CLINIC_KEYS.test })).body
        .appointments[0];
    }
    expect(appointment).toMatchObject({
      reminder: { status: 'delivered' },
      response: { status: 'confirmed' },
    });
    const port = new URL(inject('engineEndpoint')).port;
    const { stdout } = await runLocal('ehr:outbound', [], lambdaPort(), { DYNAMODB_PORT: port });
    const written = stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            resourceType: string;
            meta: { security?: { code: string }[] };
            actor?: unknown;
          },
      )
      .filter((r) => JSON.stringify(r).includes(test) || JSON.stringify(r).includes('LOOP-'));
    expect(written.at(-1)).toMatchObject({
      resourceType: 'AppointmentResponse',
      participantStatus: 'accepted',
      meta: { security: [{ code: 'HTEST' }] },
    });
  });
});

describe('npm run clinics', () => {
  it('lists every clinic with its counts, live and in the sandbox, and nothing about a patient', async () => {
    const phone = `+1555${randomInt(1_000_000, 9_999_999)}`;
    await patientWith(CLINIC_KEYS.hillsideTest, `COUNT-${randomUUID().slice(0, 8)}`, phone, 'Countable');
    const port = new URL(inject('engineEndpoint')).port;
    const { code, stdout } = await runLocal('clinics', [], lambdaPort(), { DYNAMODB_PORT: port });
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.clinic)).toEqual(['default', 'hillside']);
    const [, hill] = lines as [
      unknown,
      { patients: number; sandbox: { patients: number; dueReminders: number } },
    ];
    expect(hill.patients).toBeGreaterThan(0);
    expect(hill.sandbox.patients).toBeGreaterThan(0);
    expect(hill.sandbox.dueReminders).toBeGreaterThan(0);
    expect(stdout).not.toContain(phone);
    expect(stdout).not.toContain('Countable');
  });
});
