import { rateLimited } from '../lib/concurrency.ts';
import { DUE_SHARDS } from '../lib/store/table.ts';
import type { OutgoingMessage } from '../lib/reminders/notifier.ts';
import { type DueRunDeps, MISSED_LOOKBACK_MS, remindAllClinics } from '../lib/reminders/due.ts';
import { dynamoStore } from '../lib/store/dynamodb.ts';
import { dynamoDb } from '../lib/store/dynamodb-client.ts';
import { ensureTable } from '../scripts/local-engine.ts';
import { recordingMetrics } from '../test/support/events.ts';
import { requestCounter } from '../test/support/requests.ts';
import { engine, HOUR, patients, reminderDeps } from './context.ts';
import { note, record, round } from './rows.ts';

// 4c. The scheduled run of a practice group: 50 clinics of very unequal size in one table, each at its
// own send rate. One run reminds them all at once: the run takes as long as its largest clinic's rate
// allows and no longer, and the smallest clinic's reminders leave in its first seconds, never queued
// behind the largest's.

const PROVIDER_MS = 50;
/** A reminder's requests, as on one clinic: 2 queries, reserve and owner, consent, settle and pass. */
const PER_REMINDER = 7;
const CLINICS = 50;

/** Patients per clinic: one with half of them, the smallest with 20, the rest growing between. */
export function clinicSizes(everyone: number, clinics = CLINICS, smallest = 20): number[] {
  const largest = everyone / 2;
  const others = clinics - 1;
  const rest = everyone - largest;
  // Sizes smallest, smallest + d, …: an even step that adds up to what the largest leaves.
  const step = (2 * (rest - others * smallest)) / (others * (others - 1));
  const sizes = Array.from({ length: others }, (_, i) => Math.round(smallest + i * step));
  sizes[others - 1]! += rest - sizes.reduce((a, b) => a + b, 0);
  return [largest, ...sizes];
}

export async function clinicsAtScale({ everyone = 100_000, dueShare = 0.2, perSecond = 10 } = {}) {
  const sizes = clinicSizes(everyone);
  const ids = sizes.map((_, i) => `clinic-${String(i + 1).padStart(2, '0')}`);
  const due = sizes.map((size) => Math.round(size * dueShare));
  const totalDue = due.reduce((a, b) => a + b, 0);
  console.log(
    `\n4c. Scheduled run of ${CLINICS} clinics: ${everyone} patients (${sizes[0]} in the largest, ${Math.min(...sizes)} in the smallest), ${totalDue} due, ${perSecond} SMS a second each, ${PROVIDER_MS} ms a message`,
  );
  const table = 'bench-clinics';
  await ensureTable(engine.endpoint, table);
  const counter = requestCounter();
  const db = dynamoDb({ endpoint: engine.endpoint });
  const stores = ids.map((clinic) => dynamoStore(db, table, { space: { clinic, sandbox: false } }));
  const setUpStarted = performance.now();
  for (const [i, store] of stores.entries()) {
    await patients(sizes[i]! - due[i]!, { startsInHours: 300, into: store });
    await patients(due[i]!, { startsInHours: 100, into: store });
  }
  note(
    `${everyone} patients in ${CLINICS} clinics created in ${((performance.now() - setUpStarted) / 1000).toFixed(0)} s`,
  );
  for (const store of stores) store.wrap(counter.layer);

  // Each clinic's provider at its own rate; every message's time and visit noted, to find duplicates.
  const started = performance.now();
  const lastSent = new Map<string, number>();
  const delivered = new Map<string, number>();
  const depsOf = (clinic: string): DueRunDeps => {
    const send = rateLimited(perSecond, async (message: OutgoingMessage) => {
      await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
      const key = `${clinic}/${message.reminderId}`;
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      lastSent.set(clinic, performance.now() - started);
    });
    return {
      ...reminderDeps,
      clinic,
      store: stores[ids.indexOf(clinic)]!,
      notifier: { deliver: send },
      metrics: recordingMetrics().metrics,
      // In-process, as a run of this size on one invocation would fan out: the pace is the point here.
      inProcessLimit: Number.POSITIVE_INFINITY,
    };
  };
  const summary = await remindAllClinics(ids, depsOf, Date.now());
  if (summary.sent !== totalDue) {
    const { clinics: _each, ...total } = summary;
    note(`not all due were sent: ${JSON.stringify(total)}`);
  }
  const wall = performance.now() - started;
  const ideal = (Math.max(...due) / perSecond) * 1000;
  const duplicates = [...delivered.values()].reduce((sum, n) => sum + n - 1, 0);
  const smallest = ids[sizes.indexOf(Math.min(...sizes))]!;
  const smallestDone = lastSent.get(smallest) ?? Number.POSITIVE_INFINITY;
  const offsets = reminderDeps.policy.offsets;
  const queriesPerClinic = offsets.reduce(
    (sum, offset) => sum + (Math.ceil((MISSED_LOOKBACK_MS + offset * HOUR) / (24 * HOUR)) + 1) * DUE_SHARDS,
    0,
  );
  const minimum = PER_REMINDER + (queriesPerClinic * CLINICS) / totalDue;
  const perReminder = counter.counts.requests.length / summary.sent;
  record({
    section: 'reminders',
    measure: `scheduled run of ${CLINICS} clinics (${totalDue} due of ${everyone}, ${perSecond} SMS a second each) wall time`,
    value: round(wall / ideal),
    unit: '× ideal',
    limit: 1.1,
    target: '≤ 1.1×',
    met: wall / ideal <= 1.1 && summary.sent === totalDue,
    note: `${(wall / 1000).toFixed(1)} s vs ${ideal / 1000} s (the largest clinic's ${Math.max(...due)} ÷ ${perSecond} a second); sent ${summary.sent}`,
  });
  record({
    section: 'reminders',
    measure: `scheduled run of ${CLINICS} clinics: the smallest clinic's last reminder`,
    value: round(smallestDone / 1000, 1),
    unit: 's',
    limit: 60,
    target: '≤ 60 s',
    met: smallestDone <= 60_000 && (summary.clinics[smallest]?.sent ?? 0) === due[ids.indexOf(smallest)],
    note: `${summary.clinics[smallest]?.sent} of ${due[ids.indexOf(smallest)]} sent; never queued behind the largest clinic's ${Math.max(...due)}`,
  });
  record({
    section: 'reminders',
    measure: `scheduled run of ${CLINICS} clinics: duplicates`,
    value: duplicates,
    unit: 'messages',
    limit: 0,
    target: '= 0',
    met: duplicates === 0,
  });
  record({
    section: 'reminders',
    measure: `scheduled run of ${CLINICS} clinics: DynamoDB requests per reminder`,
    value: round(perReminder),
    unit: 'requests',
    limit: round(minimum),
    target: '= minimum',
    met: round(perReminder) === round(minimum),
    note: `${counter.counts.requests.length} requests (${byOperation(counter.counts.requests)}; refused: ${JSON.stringify(counter.counts.refused)}): ${queriesPerClinic} due-index queries a clinic (each slot's days × ${DUE_SHARDS} shards), then ${PER_REMINDER} a reminder`,
  });
  note(
    `${(wall / 1000).toFixed(1)} s (ideal ${ideal / 1000} s), sent ${summary.sent}, duplicates ${duplicates}, smallest clinic done at ${(smallestDone / 1000).toFixed(1)} s, ${round(perReminder)} requests a reminder (minimum ${round(minimum)})`,
  );
}

const byOperation = (requests: readonly string[]) =>
  [...new Set(requests)].map((o) => `${requests.filter((r) => r === o).length} ${o}`).join(', ');
