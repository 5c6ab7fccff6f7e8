import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config-load.ts';
import { rateLimited } from '../../lib/concurrency.ts';
import { sha256 } from '../support/events.ts';

// What a practice group's CLINICS must say for one deployment to serve them all: each rule here is
// one that, broken, would send a reply, a STOP or a share of the SMS rate to the wrong clinic.

const key = (clinic: string) => ({
  id: `k-${clinic}`,
  sha256: sha256(clinic),
  scopes: ['patients:read'],
  clinic,
});
const withClinics = (clinics: unknown[], env: Record<string, string> = {}) => ({
  TABLE_NAME: 'patients',
  API_KEYS: JSON.stringify([key('riverside')]),
  CURSOR_SECRET: 'c'.repeat(32),
  CLINICS: JSON.stringify(clinics),
  ...env,
});
const riverside = { id: 'riverside', smsNumber: '+447700900500' };
const hillside = { id: 'hillside', smsNumber: '+447700900600' };

describe('CLINICS: the clinics one deployment serves', () => {
  it('gives each clinic its own settings, the deployment’s where it leaves one out, and an even share of the rate', () => {
    const { clinics } = loadConfig(
      withClinics(
        [
          { ...riverside, name: 'Riverside', quietHours: '20:00-09:00' },
          hillside,
          { id: 'oak', smsNumber: '+447700900700', smsPerSecond: 4 },
        ],
        {
          CLINIC_NAME: 'Group clinic',
          SMS_MAX_PER_SECOND: '10',
        },
      ),
    );
    expect(clinics.map((c) => [c.id, c.name, c.quietHours.start, c.smsPerSecond])).toEqual([
      ['riverside', 'Riverside', '20:00', 3],
      ['hillside', 'Group clinic', '21:00', 3],
      ['oak', 'Group clinic', '21:00', 4],
    ]);
  });

  it.each([
    [
      'an id twice',
      [riverside, { ...hillside, id: 'riverside' }],
      'CLINICS[1].id: is also clinic "riverside"\'s',
    ],
    [
      'one number for two clinics',
      [riverside, { ...hillside, smsNumber: riverside.smsNumber }],
      'CLINICS[1].smsNumber: is also clinic "riverside"\'s',
    ],
    [
      'one SMS sender for two clinics',
      [
        { ...riverside, smsOriginationIdentity: 'pool-1' },
        { ...hillside, smsOriginationIdentity: 'pool-1' },
      ],
      'CLINICS[1].smsOriginationIdentity: is also clinic "riverside"\'s',
    ],
    [
      'a clinic a reply cannot find',
      [riverside, { id: 'hillside' }],
      'CLINICS[1].smsNumber: is required when there are several clinics',
    ],
    [
      'shares beyond the provider’s rate',
      [
        { ...riverside, smsPerSecond: 8 },
        { ...hillside, smsPerSecond: 4 },
      ],
      'CLINICS: share 12 texts a second, more than SMS_MAX_PER_SECOND (10)',
    ],
    [
      'shares that leave a clinic without a rate of its own nothing',
      [{ ...riverside, smsPerSecond: 10 }, hillside],
      'CLINICS: share all of SMS_MAX_PER_SECOND (10)',
    ],
    [
      'a clinic id that cannot be a key',
      [{ ...riverside, id: 'River#side' }],
      'CLINICS[0].id: must be 1–32 lowercase letters',
    ],
  ])('refuses %s, naming the field', (_, clinics, message) => {
    expect(() => loadConfig(withClinics(clinics))).toThrow(message);
  });

  it('refuses a key for a clinic the deployment does not serve', () => {
    expect(() =>
      loadConfig({ ...withClinics([riverside, hillside]), API_KEYS: JSON.stringify([key('elmwood')]) }),
    ).toThrow('API_KEYS[0].clinic: key "k-elmwood" names clinic "elmwood", which is not one of CLINICS');
  });

  it('never paces at a rate of 0 or less, which a timer would run as no pace at all', () => {
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => rateLimited(rate, async () => undefined)).toThrow(RangeError);
  });
});
