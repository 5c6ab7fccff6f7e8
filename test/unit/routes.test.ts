import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiIndex } from '../../lib/api-index.ts';
import { ENDPOINTS, INDEX_ROUTE, methodsAllowedOn } from '../../lib/http/routes.ts';
import { functions, manifest, routesOf } from '../../scripts/manifest.ts';

const declaredRoutes = Object.keys(functions).flatMap(routesOf);

describe('the public surface', () => {
  it('the index lists exactly the eight endpoints of the contract, with message and version', () => {
    expect(Object.keys(apiIndex.endpoints)).toEqual([
      'GET /health',
      'POST /api/patients',
      'GET /api/patients/{patient_id}',
      'GET /api/patients/{patient_id}/appointments',
      'POST /api/patients/contact-preference/local/bulk',
      'POST /api/reminders/send',
      'POST /api/reminders/bulk',
      'POST /api/orchestrator/che-reminder',
    ]);
    expect(apiIndex.message).toMatch(/Clinical Assistant API with AI/);
    expect(apiIndex.version).toBe('1.0.0');
  });

  it('serverless.yml routes exactly the eight endpoints, the index and one catch-all', () => {
    const expected = [...ENDPOINTS, INDEX_ROUTE].map((r) => `${r.method} ${r.path}`);
    expect(declaredRoutes.sort()).toEqual([...expected, '*'].sort());
  });

  it('declares the non-HTTP functions with their events: the scheduled run and its queue worker', () => {
    const eventsOf = (name: string) => functions[name]!.events.map((e) => Object.keys(e)[0]);
    expect(eventsOf('remindDue')).toEqual(['schedule']);
    expect(eventsOf('remindDueWorker')).toEqual(['sqs']);
    // Every minute under `npm start`, every REMINDER_INTERVAL_MINUTES (15) when deployed.
    expect(functions.remindDue!.events[0]).toEqual({
      schedule: { rate: '${param:reminderSchedule}', enabled: '${param:scheduleEnabled}' },
    });
    expect(manifest.params.local!.reminderSchedule).toBe('rate(1 minute)');
    expect(manifest.params.default!.reminderSchedule).toBe(
      "rate(${env:REMINDER_INTERVAL_MINUTES, '15'} minutes)",
    );
  });

  it('every function points at a handler file that exists', () => {
    for (const { handler } of Object.values(functions)) {
      expect(existsSync(`${handler.replace(/\.handler$/, '')}.ts`), handler).toBe(true);
    }
  });

  it('knows which methods a path allows, for the catch-all 405', () => {
    expect(methodsAllowedOn('/health')).toEqual(['GET']);
    expect(methodsAllowedOn('/api/patients')).toEqual(['POST']);
    expect(methodsAllowedOn('/api/patients/123/appointments')).toEqual(['GET']);
    expect(methodsAllowedOn('/api/patients/contact-preference/local/bulk')).toEqual(['POST']);
    expect(methodsAllowedOn('/api/patients/1/2/3')).toEqual([]);
    // One trailing slash is the same route, as API Gateway routes it; two are not.
    expect(methodsAllowedOn('/health/')).toEqual(['GET']);
    expect(methodsAllowedOn('/api/patients/123/')).toEqual(['GET']);
    expect(methodsAllowedOn('/health//')).toEqual([]);
    expect(methodsAllowedOn('/')).toEqual(['GET']);
  });
});
