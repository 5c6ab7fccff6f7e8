import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { toApiTimestamp } from '../../lib/time.ts';
import { middayZone } from '../support/clock.ts';
import { call } from './http.ts';

// A full scenario with distinctive personal data, then everything the service printed is searched for it.

const letters = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');

it(
  'prints no name, phone, email or birth date, whatever the request or its outcome',
  { timeout: 60_000 },
  async () => {
    const person = {
      givenName: `Given${letters()}`,
      familyName: `Family${letters()}`,
      birthDate: `19${randomInt(20, 60)}-0${randomInt(1, 9)}-1${randomInt(0, 9)}`,
      phone: `+1555${randomInt(1_000_000, 9_999_999)}`,
      email: `${letters()}@example.org`,
    };
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

    await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the service's output reach the file
    const printed = readFileSync(inject('serviceLogPath'), 'utf8');
    expect(printed).toContain(patient.id); // the audit lines of this scenario are there to be searched
    for (const [field, value] of Object.entries(person)) {
      expect(printed.includes(value), `${field} appeared in the service's output`).toBe(false);
    }
  },
);
