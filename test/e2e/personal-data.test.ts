import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { toApiTimestamp } from '../../lib/time.ts';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { middayZone } from '../support/clock.ts';
import { runFeed } from '../support/feed-file.ts';
import { runLocal } from '../support/local-commands.ts';
import { fhirAppointment, fhirPatient } from '../support/fhir.ts';
import { call } from './http.ts';

// A full scenario with distinctive personal data, then everything the service printed is searched for it.

const letters = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');

it(
  'prints no name, phone, email or birth date, whatever the request or its outcome',
  { timeout: 60_000 },
  async () => {
    const someone = () => ({
      givenName: `Given${letters()}`,
      familyName: `Family${letters()}`,
      birthDate: `19${randomInt(20, 60)}-0${randomInt(1, 9)}-1${randomInt(0, 9)}`,
      phone: `+1555${randomInt(1_000_000, 9_999_999)}`,
      email: `${letters()}@example.org`,
    });
    const person = someone();
    const fed = someone();
    const body = {
      ...person,
      mrn: `PHI-${randomUUID()}`,
      timeZone: middayZone(),
      appointments: [{ id: 'v1', start: toApiTimestamp(Date.now() + 24 * 3_600_000), location: 'Room 9' }],
    };

    const { body: patient } = await call('POST', '/api/patients', { body });
    await call('POST', '/api/patients', { body }); // 409
    await call('POST', '/api/patients', {
      body: { ...body, phone: `${person.phone}x`, email: `not an email ${person.email}` },
    }); // 400
    await call('POST', '/api/patients', {
      rawBody: JSON.stringify(body).slice(0, -5),
      headers: { 'content-type': 'application/json' },
    });
    await call('GET', `/api/patients/${patient.id}`);
    await call('GET', `/api/patients/${patient.id}/appointments`);
    await call('POST', '/api/patients/contact-preference/local/bulk', {
      body: {
        preferences: [
          { patientId: patient.id, channels: ['email', 'sms'] },
          { patientId: person.email, channels: [] },
        ],
      },
    });
    await call('POST', '/api/reminders/send', { body: { patientId: patient.id, dryRun: true } });
    await call('POST', '/api/orchestrator/che-reminder', {
      body: { patientId: patient.id, dryRun: true, now: toApiTimestamp(Date.now()) },
    });
    const sent = await call('POST', '/api/reminders/send', { body: { patientId: patient.id } });
    expect(sent.body.reminder.message).toContain(person.givenName);
    await call('POST', '/api/reminders/bulk', { body: { patientIds: [patient.id, randomUUID()] } });
    // Paths carry ids only: a client that puts personal data in a URL has it printed by every HTTP layer.

    // The FHIR feed: a patient created, then resources breaking rules with the same person's details.
    const mrn = `PHI-FEED-${randomUUID()}`;
    const fedPatient = (details: typeof fed) =>
      fhirPatient({
        identifier: [{ system: DEFAULT_MRN_SYSTEM, value: mrn }],
        name: [{ use: 'official', given: [details.givenName], family: details.familyName }],
        birthDate: details.birthDate,
        telecom: [
          { system: 'sms', value: details.phone },
          { system: 'email', value: details.email },
        ],
      });
    const feed = await runFeed(inject('lambdaPort'), [
      fedPatient(fed),
      fedPatient({ ...fed, phone: `${fed.phone}x`, email: `not an email ${fed.email}` }),
      fedPatient({ ...fed, birthDate: fed.birthDate.slice(0, 7) }),
      fhirAppointment({
        participant: [
          { actor: { identifier: { system: DEFAULT_MRN_SYSTEM, value: mrn }, display: fed.familyName } },
        ],
        start: toApiTimestamp(Date.now() + 24 * 3_600_000),
      }),
    ]);
    expect(feed.lines.map((line) => line.outcome)).toEqual(['created', 'rejected', 'rejected', 'created']);

    // The patient's SMS replies: their text is read for a keyword and never printed.
    const replies = [`STOP ${letters()}`, `please call me ${fed.givenName}`];
    for (const text of [...replies, 'STOP']) {
      const reply = await runLocal('sms:inbound', [fed.phone, text], inject('lambdaPort'));
      expect(reply.code).toBe(0);
      expect(reply.stdout).not.toContain(fed.phone);
      for (const distinctive of replies) expect(reply.stdout).not.toContain(distinctive);
    }

    await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the service's output reach the file
    const printed = readFileSync(inject('serviceLogPath'), 'utf8');
    expect(printed).toContain(patient.id); // the audit lines of this scenario are there to be searched
    expect(printed).toContain(feed.lines[0]?.patientId); // and so are the feed's
    for (const [field, value] of [...Object.entries(person), ...Object.entries(fed)]) {
      expect(printed.includes(value), `${field} appeared in the service's output`).toBe(false);
    }
    for (const text of replies)
      expect(printed.includes(text), "a reply's text appeared in the service's output").toBe(false);
    const answered = JSON.stringify(feed.lines);
    for (const [field, value] of Object.entries(fed))
      expect(answered.includes(value), `${field} appeared in npm run feed's lines`).toBe(false);
  },
);
