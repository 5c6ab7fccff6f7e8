import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReply, type ReplyDeps } from '../../lib/patient-replies/apply/answer.ts';
import { embeddedReplyModel } from '../../lib/patient-replies/model/embedded.ts';
import type { WriteBackResource } from '../../lib/patient-replies/write-back.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import type { OutgoingMessage } from '../../lib/reminders/notifier.ts';
import { phoneDigest } from '../../lib/preferences/sms-consent.ts';
import { reachableChannels } from '../../lib/reminders/policy.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import { dynamoStore } from '../../lib/store/dynamodb.ts';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import type { Store } from '../../lib/store/store.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { type Engine, ensureTable } from '../../scripts/local-engine.ts';
import { dynamoEngines } from '../support/engines.ts';
import { newPatient } from '../support/patients.ts';
import { HOUR, NOW, POLICY } from '../support/reminders.ts';

// "1" races a stop (the STOP keyword, or a stop in the patient's own words) 50 times on each engine:
// an acknowledgement may go out only if it was checked before the stop was kept. The instant the stop
// is kept is when its conditional write on the number's consent returned; an acknowledgement whose
// check of the number began after that instant would be a text sent after a stop.

const TABLE = 'clinical-assistant-stop-race';
const RACES = 50;

for (const { label, start, available } of dynamoEngines('the stop race')) {
  describe.skipIf(!available)(`"1" racing a stop, on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await start();
      await ensureTable(engine.endpoint, TABLE);
    });
    afterAll(() => engine?.stop());

    it('sends no acknowledgement after the stop was kept, whichever wins, 50 times', async () => {
      const plain = dynamoStore(dynamoDb({ endpoint: engine.endpoint }), TABLE);
      const events: { at: number; what: 'stop kept' | 'consent checked' | 'sent'; race: string }[] = [];
      const raceOf = new Map<string, string>();
      // The store as the inbound function uses it, noting when the number's consent is read and kept.
      const store = new Proxy(plain, {
        get(target, property, receiver) {
          if (property === 'saveSmsConsent')
            return async (...args: Parameters<Store['saveSmsConsent']>) => {
              const saved = await target.saveSmsConsent(...args);
              if (saved && args[0].stopped)
                events.push({
                  at: performance.now(),
                  what: 'stop kept',
                  race: raceOf.get(args[0].phoneDigest)!,
                });
              return saved;
            };
          if (property === 'findSmsConsent')
            return (digest: string) => {
              // Only the check an acknowledgement makes before it goes; the stop reads the number too.
              if (new Error().stack?.includes('sendAcknowledgement'))
                events.push({ at: performance.now(), what: 'consent checked', race: raceOf.get(digest)! });
              return target.findSmsConsent(digest);
            };
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      const sent: OutgoingMessage[] = [];
      const published: WriteBackResource[][] = [];
      const deps: ReplyDeps = {
        store,
        notifier: {
          deliver: async (message) => {
            sent.push(message);
            events.push({ at: performance.now(), what: 'sent', race: message.to });
          },
        },
        model: embeddedReplyModel,
        ehr: { publish: async (resources) => void published.push([...resources]) },
        clinicName: 'Riverside Family Clinic',
        mrnSystem: 'urn:clinical-assistant:mrn',
        space: { clinic: 'default', sandbox: false },
      };

      const results = { acknowledged: 0, givenBack: 0 };
      for (let race = 0; race < RACES; race++) {
        const phone = `+4477009${String(race).padStart(5, '0')}`;
        const stop = race % 2 === 0 ? 'STOP' : 'please stop texting me';
        const appointments = [{ id: 'visit', start: toApiTimestamp(NOW + 30 * HOUR) }];
        const { id } = await createPatient(
          plain,
          { defaultTimeZone: 'Europe/London' },
          newPatient({ mrn: `STOP-RACE-${label.replaceAll(' ', '-')}-${race}`, phone, appointments }),
        );
        await remind(
          { store: plain, notifier: { deliver: async () => {} }, policy: POLICY },
          id,
          { choose: { next: true } },
          { dryRun: false, now: NOW - HOUR },
        );
        raceOf.set(phoneDigest(phone), phone);
        const reply = (text: string, inboundMessageId: string, lateMs: number) =>
          new Promise((resolve) => setTimeout(resolve, lateMs)).then(() =>
            answerReply(deps, { from: phone, text, inboundMessageId, receivedAt: NOW }, NOW),
          );
        // Which starts first, and by how much, moves from race to race: each engine sees both orders. The
        // leads grow to 80 ms, beyond a loaded host's engine round trips (on one CI run DynamoDB Local
        // kept every stop first while the leads stopped at 8 ms).
        const head = (race % 5) ** 2 * 5;
        const [answered] = await Promise.all([
          reply('1', `answer-${race}`, race % 4 < 2 ? 0 : head),
          reply(stop, `stop-${race}`, race % 4 < 2 ? head : 0),
        ]);
        const acknowledged = (answered as { acknowledged: boolean }).acknowledged;
        results[acknowledged ? 'acknowledged' : 'givenBack']++;

        const ofRace = events.filter((e) => e.race === phone);
        const kept = ofRace.find((e) => e.what === 'stop kept')!.at;
        const acknowledgements = sent.filter((m) => m.to === phone && m.body.startsWith('Thank you'));
        expect(acknowledgements.length, `race ${race}`).toBe(acknowledged ? 1 : 0);
        if (acknowledged) {
          // The check that let it go began before the stop was kept: the acknowledgement came first.
          const check = ofRace.find((e) => e.what === 'consent checked');
          expect(check!.at, `race ${race}`).toBeLessThan(kept);
        }
        // Whatever won, the number is stopped now, and the patient is texted no more.
        expect(reachableChannels((await plain.loadReminderState(id))!), `race ${race}`).not.toContain('sms');
        const ledger = await plain.loadReminderLedger(id);
        const recorded = ledger.responses?.[0]?.acknowledgements ?? [];
        expect(recorded.length, `race ${race}: the ledger keeps what went out`).toBe(acknowledged ? 1 : 0);
      }
      // Both outcomes happen: the test raced, it did not run one order fifty times.
      expect(results.acknowledged, JSON.stringify(results)).toBeGreaterThan(0);
      expect(results.givenBack, JSON.stringify(results)).toBeGreaterThan(0);
      expect(published.length).toBeGreaterThan(0);
    });
  });
}
