import { mapWithConcurrency } from '../../concurrency.ts';
import {
  type Appointment,
  type AppointmentFilter,
  type AppointmentPosition,
  appointmentRecord,
} from '../../patients/model.ts';
import { UPCOMING_STATUSES } from '../../patients/appointment-status.ts';
import { toApiTimestamp, toSortableUtc } from '../../time.ts';
import { appointmentRange, appointmentSortKey } from '../../patients/appointment-order.ts';
import type { Item } from '../dynamodb-wire.ts';
import type { Expected } from '../../patients/records.ts';
import { type DueAppointment, emptyLedger } from '../../reminders/records.ts';
import type { Store } from '../store.ts';
import { INDEX, type TableKeys } from '../table.ts';
import { putAsExpected, type Records, SOURCE_LAST_UPDATED, sourced, toLedger } from './records.ts';

/** Due index partitions a run reads at once. */
const DUE_QUERIES_IN_FLIGHT = 4;

/**
 * An appointment as stored: keyed by its id, ordered by `startKey` in both indexes, and in the due index
 * while it is booked and ahead. One item, so a move or a cancellation leaves no entry at the old time.
 */
export function appointmentItem({ clock, keys }: Records, patientId: string, appointment: Appointment): Item {
  const due = appointment.status === 'booked' && Date.parse(appointment.start) > clock();
  return {
    PK: keys.patient(patientId),
    SK: keys.appointment(appointment.id),
    ...appointment,
    startKey: appointmentSortKey(appointment),
    ...(due && { dueBucket: keys.dueBucket(patientId, appointment.id, appointment.start) }),
  };
}

/** Appointments: one item each, in the patient's partition, with the listing's and the due index's keys. */
export function appointmentRecords(records: Records) {
  const { table, keys } = records;
  return {
    async saveAppointment(patientId: string, appointment: Appointment) {
      await table.put(appointmentItem(records, patientId, appointment));
    },

    async getSourcedAppointment(patientId: string, appointmentId: string) {
      const item = await table.get({ PK: keys.patient(patientId), SK: keys.appointment(appointmentId) });
      return item && sourced(appointmentRecord(item), item);
    },

    replaceAppointment(patientId: string, appointment: Appointment, lastUpdated: string, expected: Expected) {
      const item = {
        ...appointmentItem(records, patientId, appointment),
        [SOURCE_LAST_UPDATED]: lastUpdated,
      };
      return putAsExpected(table, item, expected);
    },

    async countUpcomingAppointments(patientId: string, after: number) {
      const items = await table.query({
        IndexName: INDEX.byStart,
        // `$` sorts after `#`: an appointment starting exactly at `after` is not after it.
        KeyConditionExpression: 'PK = :pk AND startKey > :after',
        FilterExpression: `#status IN (${UPCOMING_STATUSES.map((_, i) => `:s${i}`).join(', ')})`,
        ProjectionExpression: 'SK',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': keys.patient(patientId),
          ':after': `${toSortableUtc(toApiTimestamp(after))}$`,
          ...Object.fromEntries(UPCOMING_STATUSES.map((status, i) => [`:s${i}`, status])),
        },
      });
      return items.length;
    },

    async listAppointments(
      patientId: string,
      filter: AppointmentFilter,
      page: { limit: number; after?: AppointmentPosition },
    ) {
      // Both reads at once: one round trip's latency. The profile, read for its key alone, decides
      // between a page and a 404; the ledger beside it holds the appointments' reminders and answers.
      const [found, matching] = await Promise.all([
        table.getAll(
          [keys.profile, keys.ledger].map((SK) => ({ PK: keys.patient(patientId), SK })),
          ['PK', 'SK', 'version', 'reminders', 'responses'],
        ),
        queryAppointments(records, patientId, filter, page),
      ]);
      if (!found.some((item) => item.SK === keys.profile)) return undefined;
      const ledgerItem = found.find((item) => item.SK === keys.ledger);
      const ledger = ledgerItem ? toLedger(ledgerItem) : emptyLedger();
      const appointments = matching.slice(0, page.limit);
      const last = appointments.at(-1);
      return matching.length > page.limit && last
        ? { appointments, ledger, next: { start: last.start, id: last.id } }
        : { appointments, ledger };
    },

    async findDueAppointments(after: number, until: readonly number[]): Promise<DueAppointment[]> {
      const queries = until.flatMap((slotUntil, slot) =>
        keys.dueBucketsBetween(after, slotUntil, slot).map((bucket) => ({ bucket, slot, slotUntil })),
      );
      const pages = await mapWithConcurrency(queries, DUE_QUERIES_IN_FLIGHT, ({ bucket, slot, slotUntil }) =>
        table
          .query(
            {
              IndexName: INDEX.due,
              KeyConditionExpression: 'dueBucket = :bucket AND startKey BETWEEN :after AND :until',
              ExpressionAttributeValues: {
                ':bucket': bucket,
                ':after': toSortableUtc(toApiTimestamp(after + 1)),
                // `$` sorts after `#`: every appointment id starting at `until` is inside.
                ':until': `${toSortableUtc(toApiTimestamp(slotUntil))}$`,
              },
            },
            { consistent: false },
          )
          .then((items) => items.map((item) => dueAppointment(keys, item, slot))),
      );
      return pages.flat();
    },

    leaveDueIndex(due: DueAppointment) {
      return table.updateIf(
        { PK: keys.patient(due.patientId), SK: keys.appointment(due.appointmentId) },
        'REMOVE dueBucket, dueSlot',
        'attribute_exists(dueBucket) AND startKey = :startKey',
        { ':startKey': appointmentSortKey({ start: due.start, id: due.appointmentId }) },
      );
    },

    advanceDueIndex(due: DueAppointment, slot: number) {
      return table.updateIf(
        { PK: keys.patient(due.patientId), SK: keys.appointment(due.appointmentId) },
        'SET dueBucket = :bucket, dueSlot = :slot',
        // An entry without `dueSlot` waits at the first slot.
        'attribute_exists(dueBucket) AND startKey = :startKey AND (attribute_not_exists(dueSlot) OR dueSlot < :slot)',
        {
          ':startKey': appointmentSortKey({ start: due.start, id: due.appointmentId }),
          ':bucket': keys.dueBucket(due.patientId, due.appointmentId, due.start, slot),
          ':slot': slot,
        },
      );
    },
  } satisfies Partial<Store>;
}

/** A due index entry as the run reads it: the index projects the keys alone. */
function dueAppointment(keys: TableKeys, item: Item, slot: number): DueAppointment {
  const startKey = String(item.startKey);
  return {
    patientId: keys.patientIdOf(item.PK),
    appointmentId: String(item.SK).slice(keys.appointment('').length),
    start: toApiTimestamp(startKey.slice(0, startKey.indexOf('#'))),
    slot,
  };
}

/** Up to `limit + 1` matching appointments, so the caller knows whether another page exists. */
async function queryAppointments(
  { table, keys }: Records,
  patientId: string,
  filter: AppointmentFilter,
  page: { limit: number; after?: AppointmentPosition },
): Promise<Appointment[]> {
  const range = appointmentRange(filter, page.after);
  const statuses = filter.statuses ?? [];
  // The resume position itself is the lowest key when paging: it was on the page before.
  const fresh = (items: Item[]) =>
    items.filter((item) => !(range.excludeLowest && item.startKey === range.lowest));
  const items = await table.query(
    {
      IndexName: INDEX.byStart,
      KeyConditionExpression: 'PK = :pk AND startKey BETWEEN :lowest AND :highest',
      ...(statuses.length > 0
        ? {
            FilterExpression: `#status IN (${statuses.map((_, i) => `:s${i}`).join(', ')})`,
            ExpressionAttributeNames: { '#status': 'status' },
          }
        : {}),
      ExpressionAttributeValues: {
        ':pk': keys.patient(patientId),
        // '0' sorts before every start key (years 0001–9999): no lower bound.
        ':lowest': range.lowest || '0',
        // `~` sorts after every character of a start key: no upper bound.
        ':highest': range.highest ?? '~',
        ...Object.fromEntries(statuses.map((status, i) => [`:s${i}`, status])),
      },
      // One more than a page, plus the resume position itself when it is the lowest key.
      Limit: page.limit + 2,
    },
    { enough: (found) => fresh(found).length > page.limit },
  );
  return fresh(items).map(appointmentRecord);
}
