import type { NewPatient } from '../lib/patients/schema.ts';

// Fictional patients for the local stage. Phone numbers are from Ofcom's drama range (+447700900xxx)
// and emails use example.org, so nothing here can reach a real person. Appointments are set relative
// to the first start, so a fresh clone always has upcoming visits to remind.

const hoursFromNow = (hours: number, now: Date) => {
  const at = new Date(now.getTime() + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
};

export function demoPatients(now = new Date()): NewPatient[] {
  return [
    {
      givenName: 'Alex',
      familyName: 'Demo',
      birthDate: '1984-03-14',
      phone: '+447700900001',
      email: 'alex.demo@example.org',
      timeZone: 'Europe/London',
      language: 'en',
      mrn: 'DEMO-0001',
      appointments: [
        {
          id: 'demo-a1',
          start: hoursFromNow(26, now),
          status: 'booked',
          location: 'Riverside Clinic, Room 2',
        },
        {
          id: 'demo-a2',
          start: hoursFromNow(24 * 9, now),
          status: 'booked',
          location: 'Riverside Clinic, Room 4',
        },
        {
          id: 'demo-a3',
          start: hoursFromNow(-24 * 30, now),
          status: 'fulfilled',
          location: 'Riverside Clinic, Room 2',
        },
      ],
    },
    {
      givenName: 'Lucía',
      familyName: 'Ejemplo',
      birthDate: '1991-11-02',
      phone: '+15555550123',
      timeZone: 'America/New_York',
      language: 'es',
      mrn: 'DEMO-0002',
      appointments: [
        { id: 'demo-b1', start: hoursFromNow(30, now), status: 'booked', location: 'Eastside Annex' },
      ],
    },
    {
      givenName: 'Sam',
      familyName: 'Sample',
      birthDate: '1958-07-21',
      email: 'sam.sample@example.org',
      language: 'en',
      mrn: 'DEMO-0003',
      appointments: [
        { id: 'demo-c1', start: hoursFromNow(40, now), status: 'booked', location: 'Riverside Clinic' },
      ],
    },
    {
      // The local notifier's failing test number: exercises the 502 and bulk `failed` paths.
      givenName: 'Fay',
      familyName: 'Failing',
      birthDate: '1975-01-30',
      phone: '+447700900002',
      timeZone: 'Europe/London',
      language: 'en',
      mrn: 'DEMO-0004',
      appointments: [
        { id: 'demo-d1', start: hoursFromNow(28, now), status: 'booked', location: 'Riverside Clinic' },
      ],
    },
  ];
}
