import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { snsEvent } from '../../lib/events/local-invoke.ts';
import { derivedId } from '../../lib/ids.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { invokeFunction } from '../../scripts/invoke.ts';
import { middayZone } from '../support/clock.ts';
import { runFeed } from '../support/feed-file.ts';
import { fhirPatient } from '../support/fhir.ts';
import { call } from './http.ts';
import { RIVERSIDE_NUMBER } from './service.ts';

// The bundled functions count what they do as CloudWatch Embedded Metric Format lines, each beside the
// log lines of its own invocation: a reminder sent and delivered, an answer read and acknowledged (its
// receipt counted apart from a reminder's), a feed's resources.

type Line = Record<string, unknown>;

/** Every JSON line the service has printed so far. */
function printedLines(): Line[] {
  return readFileSync(inject('serviceLogPath'), 'utf8')
    .split('\n')
    .flatMap((text) => {
      if (!text.startsWith('{')) return [];
      try {
        return [JSON.parse(text) as Line];
      } catch {
        return [];
      }
    });
}

/**
 * The metrics counted by the invocation that logged a line `found` says is its own, once it has (receipts
 * come asynchronously): each as `{ metric: value, …its dimensions }`, with the function that counted it.
 */
async function countedBy(found: (line: Line) => boolean) {
  for (let waited = 0; ; waited += 200) {
    const logged = printedLines().find(found);
    if (logged) {
      const emf = printedLines().filter(
        (line) => '_aws' in line && line.awsRequestId === logged.awsRequestId,
      );
      for (const line of emf)
        expect(
          (line._aws as { CloudWatchMetrics: { Namespace: string }[] }).CloudWatchMetrics[0],
        ).toMatchObject({
          Namespace: 'ClinicalAssistant/local',
        });
      return {
        functionName: logged.functionName,
        counted: emf.map(
          ({ _aws, functionName: _f, awsRequestId: _r, coldStart: _c, traceId: _t, ...counts }) => counts,
        ),
      };
    }
    if (waited > 15_000) throw new Error('the invocation never logged the line looked for');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('counts a reminder sent and delivered, the answer to it and its acknowledgement apart, and a feed', async () => {
  const phone = `+1555${randomInt(1_000_000, 9_999_999)}`;
  const { body: patient } = await call('POST', '/api/patients', {
    body: {
      givenName: 'Counted',
      familyName: 'Patient',
      birthDate: '1980-02-03',
      phone,
      timeZone: middayZone(),
      appointments: [{ id: 'visit', start: toApiTimestamp(Date.now() + 30 * 3_600_000) }],
    },
  });
  const sent = await call('POST', '/api/reminders/send', { body: { patientId: patient.id } });
  expect(sent.status).toBe(201);
  expect(
    await countedBy(
      (line) => line.message === 'request' && line.requestId === sent.headers.get('x-request-id'),
    ),
  ).toEqual({
    functionName: expect.stringMatching(/-sendReminder$/),
    counted: [{ RemindersSent: 1, channel: 'sms' }],
  });
  const receiptOf = (reminderId: string) => (line: Line) =>
    line.message === 'notification handled' && line.consumer === 'receipts' && line.reminderId === reminderId;
  expect(await countedBy(receiptOf(sent.body.reminder.id))).toEqual({
    functionName: expect.stringMatching(/-receipts$/),
    counted: [{ DeliveredReminders: 1 }],
  });

  const inboundMessageId = randomUUID();
  const reply = {
    originationNumber: phone,
    destinationNumber: RIVERSIDE_NUMBER,
    messageBody: '1',
    inboundMessageId,
  };
  await invokeFunction('inboundSms', snsEvent(JSON.stringify(reply)), { port: inject('lambdaPort') });
  const answered = await countedBy(
    (line) => line.message === 'notification handled' && line.inboundMessageId === inboundMessageId,
  );
  expect(answered.counted).toEqual(
    expect.arrayContaining([
      { AcknowledgementsSent: 1, channel: 'sms' },
      { Replies: 1, intent: 'confirm' },
    ]),
  );
  expect(answered.counted).toHaveLength(2);
  // A possible stop is counted as such, and no acknowledgement goes.
  const doubtId = randomUUID();
  const doubt = { ...reply, messageBody: 'is there a way to get fewer of these?', inboundMessageId: doubtId };
  await invokeFunction('inboundSms', snsEvent(JSON.stringify(doubt)), { port: inject('lambdaPort') });
  const doubted = await countedBy(
    (line) => line.message === 'notification handled' && line.inboundMessageId === doubtId,
  );
  // Its intent is whatever the model makes of it, never a stop: only a stop read for sure is one.
  expect(doubted.counted).toEqual([
    { Replies: 1, intent: expect.not.stringMatching(/^opt-out$/) },
    { PossibleStops: 1 },
  ]);
  expect(await countedBy(receiptOf(derivedId(`acknowledgement/${inboundMessageId}`)))).toEqual({
    functionName: expect.stringMatching(/-receipts$/),
    counted: [{ DeliveredAcknowledgements: 1 }],
  });

  const mrn = randomUUID();
  const feed = await runFeed(inject('lambdaPort'), [
    fhirPatient({ id: `counted-${mrn}`, identifier: [{ system: DEFAULT_MRN_SYSTEM, value: mrn }] }),
  ]);
  expect(feed.code).toBe(0);
  expect(
    await countedBy(
      (line) =>
        line.message === 'message handled' && JSON.stringify(line).includes(feed.lines[0]!.patientId!),
    ),
  ).toEqual({
    functionName: expect.stringMatching(/-feed$/),
    counted: [{ FeedResources: 1, outcome: 'created' }],
  });
});
