import { type SmsConsent, smsConsentRecord } from '../../preferences/sms-consent.ts';
import { toSortableUtc } from '../../time.ts';
import type { Key, Table } from '../dynamodb-table.ts';
import type { Store } from '../store.ts';
import type { Records } from './records.ts';

// A patient's own word on texts: per number, and a copy beside each patient. Every write is
// conditional on being said later (by the carrier's time, then message id), so a STOP and a START
// that race, or arrive out of order, leave the one said last, whichever write lands last. An update,
// not a put: when the number's stop was last confirmed outlives the stops and starts that follow it.

const SAID_LATER =
  'attribute_not_exists(PK) OR sortableAt < :sortableAt OR (sortableAt = :sortableAt AND inboundMessageId < :inboundMessageId)';

function saveIfSaidLater(table: Table, key: Key, consent: SmsConsent) {
  const fields = {
    phoneDigest: consent.phoneDigest,
    stopped: consent.stopped,
    saidAt: consent.saidAt,
    sortableAt: toSortableUtc(consent.saidAt),
    inboundMessageId: consent.inboundMessageId,
    saidBy: consent.saidBy,
  };
  return table.updateIf(
    key,
    `SET ${Object.keys(fields)
      .map((name) => `${name} = :${name}`)
      .join(', ')}`,
    SAID_LATER,
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [`:${name}`, value])),
  );
}

export function smsConsentRecords({ table, keys }: Records) {
  return {
    async findSmsConsent(phoneDigest: string) {
      const item = await table.get({ PK: keys.smsConsent(phoneDigest), SK: keys.consent });
      return item && smsConsentRecord(item as unknown as SmsConsent);
    },

    saveSmsConsent: (consent: SmsConsent) =>
      saveIfSaidLater(table, { PK: keys.smsConsent(consent.phoneDigest), SK: keys.consent }, consent),

    async copySmsConsent(patientId: string, consent: SmsConsent) {
      await saveIfSaidLater(table, { PK: keys.patient(patientId), SK: keys.smsConsentCopy }, consent);
    },

    confirmSmsStop: (consent: SmsConsent, at: string, since: string) =>
      table.updateIf(
        { PK: keys.smsConsent(consent.phoneDigest), SK: keys.consent },
        'SET confirmedAt = :now',
        'stopped = :true AND inboundMessageId = :id AND (attribute_not_exists(confirmedAt) OR confirmedAt < :since)',
        {
          ':now': toSortableUtc(at),
          ':true': true,
          ':id': consent.inboundMessageId,
          ':since': toSortableUtc(since),
        },
      ),
  } satisfies Partial<Store>;
}
