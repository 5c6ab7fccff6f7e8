import { appointmentRecord } from '../../patients/model.ts';
import type { LedgerWrite } from '../../reminders/ledger.ts';
import type { ReminderLedger } from '../../reminders/model.ts';
import type { Channel } from '../../preferences/model.ts';
import { type SmsConsent, smsConsentRecord } from '../../preferences/sms-consent.ts';
import type { ReminderState } from '../../reminders/policy.ts';
import { emptyLedger } from '../../reminders/records.ts';
import type { Store } from '../store.ts';
import { newestPreferences } from './preferences.ts';
import { profileRecord, type Records, toLedger } from './records.ts';

/** What reminders read and write: the patient's partition in one query, the ledger, receipts' owners. */
export function reminderRecords(records: Records) {
  const { table, keys } = records;
  return {
    async loadReminderState(patientId: string): Promise<ReminderState | undefined> {
      const [items, newestPreference] = await Promise.all([
        table.query({
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.patient(patientId) },
        }),
        newestPreferences(records, patientId, 1),
      ]);
      const profile = items.find((item) => item.SK === keys.profile);
      if (profile === undefined) return undefined;
      const ledger = items.find((item) => item.SK === keys.ledger);
      const failed = items.filter((item) => String(item.SK).startsWith(keys.failedContactPoint('')));
      const smsConsent = items.find((item) => item.SK === keys.smsConsentCopy);
      return {
        patient: profileRecord(keys, profile),
        appointments: items
          .filter((item) => String(item.SK).startsWith(keys.appointment('')))
          .map(appointmentRecord),
        ...(newestPreference[0] && { preference: newestPreference[0] }),
        ledger: ledger ? toLedger(ledger) : emptyLedger(),
        ...(smsConsent && { smsConsent: smsConsentRecord(smsConsent as unknown as SmsConsent) }),
        ...(failed.length > 0 && {
          failedContactPoints: Object.fromEntries(failed.map((item) => [item.channel, String(item.digest)])),
        }),
      };
    },

    async loadReminderLedger(patientId: string) {
      const item = await table.get({ PK: keys.patient(patientId), SK: keys.ledger });
      return item ? toLedger(item) : emptyLedger();
    },

    async saveReminderLedger(
      patientId: string,
      ledger: ReminderLedger,
      expectedVersion: number,
    ): Promise<LedgerWrite> {
      const item = { PK: keys.patient(patientId), SK: keys.ledger, ...ledger };
      const written =
        expectedVersion === 0
          ? await table.putIfOrRead(item, 'attribute_not_exists(PK)')
          : await table.putIfOrRead(item, 'version = :expected', { ':expected': expectedVersion });
      if (written.written) return { saved: true };
      // The ledger that won, where the engine returned it: the next attempt starts from it, unread.
      return written.current ? { saved: false, current: toLedger(written.current) } : { saved: false };
    },

    async saveFailedContactPoint(patientId: string, channel: Channel, digest: string) {
      // The latest failure of a channel is the one that matters: the patient has one address per channel.
      await table.put({ PK: keys.patient(patientId), SK: keys.failedContactPoint(channel), channel, digest });
    },

    async saveReminderOwner(reminderId: string, patientId: string) {
      // The same reminder id always belongs to the same patient: writing it again changes nothing.
      await table.put({ PK: keys.reminder(reminderId), SK: keys.owner, patientId });
    },

    async findReminderOwner(reminderId: string) {
      const item = await table.get({ PK: keys.reminder(reminderId), SK: keys.owner });
      return item && String(item.patientId);
    },
  } satisfies Partial<Store>;
}
