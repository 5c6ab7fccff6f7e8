import { storeUnavailable } from '../errors.ts';
import type { Channel } from '../reminders/messages.ts';
import type { Store } from '../store/store.ts';
import { toApiTimestamp } from '../time.ts';
import { type ContactPreference, preferenceRecord } from './model.ts';

/** What a patient's SMS reply asks for. Only a whole-message keyword counts; anything else is ignored. */
export type ReplyIntent = 'opt-out' | 'opt-in' | 'help' | 'ignored';

/** The opt-out keywords of the contract: carriers require each to withdraw consent at once. */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT OUT',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

const INTENTS = new Map<string, ReplyIntent>([
  ...OPT_OUT_KEYWORDS.map((keyword) => [keyword, 'opt-out'] as const),
  ...OPT_IN_KEYWORDS.map((keyword) => [keyword, 'opt-in'] as const),
  ['HELP', 'help'],
]);

/**
 * The intent of a reply: a keyword in any case, alone in the message, with any spaces around it or
 * between the words of OPT OUT. Full-width letters count as their plain ones (NFKC), as some phones
 * send them. "please stop texting" is not a keyword.
 */
export function replyIntent(text: string): ReplyIntent {
  const words = text.normalize('NFKC').trim().split(/\s+/).join(' ').toUpperCase();
  return INTENTS.get(words) ?? 'ignored';
}

/** What a reply did to the preferences of the patients with its number. */
export interface ReplyOutcome {
  /** Patients with this phone. */
  patients: number;
  /** Of them, those whose preference changed (a new version was written). */
  changed: number;
}

/** Without a preference, a patient may be reminded on both channels, SMS first (the policy's default). */
const DEFAULT_CHANNELS: readonly Channel[] = ['sms', 'email'];

/**
 * Applies a patient's SMS reply to every patient with that phone. An opt-out keyword withdraws SMS at
 * once as a new preference version (source `sms-stop`); START or UNSTOP restores the version in force
 * before that STOP (source `sms-start`), while the STOP is still the newest; HELP and the rest change
 * nothing. Versions are written like any other: the newest `updatedAt` is in force, history is kept.
 */
export async function applyReply(
  store: Store,
  reply: { from: string; intent: ReplyIntent },
  now: number,
): Promise<ReplyOutcome> {
  const patientIds =
    reply.intent === 'opt-out' || reply.intent === 'opt-in'
      ? await store.findPatientsByPhone(reply.from)
      : [];
  const updatedAt = toApiTimestamp(now);
  const versions = await Promise.all(
    patientIds.map(async (patientId) => {
      const [newest, before] = await store.listPreferenceVersions(patientId, 2);
      return reply.intent === 'opt-out'
        ? withdrawn(patientId, newest, updatedAt)
        : restored(newest, before, patientId, updatedAt);
    }),
  );
  const changes = versions.filter((version) => version !== undefined);
  const unstored = changes.length === 0 ? [] : await store.savePreferences(changes);
  if (unstored.length > 0) throw storeUnavailable();
  return { patients: patientIds.length, changed: changes.length };
}

/** The preference without SMS; undefined when SMS is not allowed already. */
function withdrawn(patientId: string, newest: ContactPreference | undefined, updatedAt: string) {
  const channels = newest?.channels ?? DEFAULT_CHANNELS;
  if (!channels.includes('sms')) return undefined;
  return preferenceRecord({
    ...newest,
    patientId,
    channels: channels.filter((channel) => channel !== 'sms'),
    updatedAt,
    source: 'sms-stop',
  });
}

/** The version in force before the STOP that is still in force; undefined when there is none. */
function restored(
  newest: ContactPreference | undefined,
  before: ContactPreference | undefined,
  patientId: string,
  updatedAt: string,
) {
  if (newest?.source !== 'sms-stop') return undefined;
  const { source: _source, ...previous } = before ?? { channels: [...DEFAULT_CHANNELS] };
  return preferenceRecord({ ...previous, patientId, updatedAt, source: 'sms-start' });
}
