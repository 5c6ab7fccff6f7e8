import { ApiError } from '../errors.ts';
import type { LedgerEntry, OccurrenceResponse, ReminderLedger } from './model.ts';

// The one owner of a patient's reminder ledger. Reminding, receipts, fencing, answers and
// acknowledgements each hand it a pure change; this module alone reads the ledger, bumps its version,
// prunes what no longer matters and writes it back on condition that nobody wrote in between,
// retrying with jittered backoff when somebody did. So "never twice" and the cap hold however many
// paths race, and no path can forget a version bump or a prune.

/** What a conditional write of the ledger did: when it lost, the ledger that won, if the engine said. */
export type LedgerWrite = { saved: true } | { saved: false; current?: ReminderLedger };

/** The port the owner writes through (a part of ReminderRecords). */
export interface LedgerRecords {
  loadReminderLedger(patientId: string): Promise<ReminderLedger>;
  /** Replaces the ledger if it is still at `expectedVersion` (0: none yet). */
  saveReminderLedger(
    patientId: string,
    ledger: ReminderLedger,
    expectedVersion: number,
  ): Promise<LedgerWrite>;
}

/** The ledger's contents as a change makes them: the owner sets the version. */
export type LedgerContents = Omit<ReminderLedger, 'version'>;

/** What a change decided: the ledger to write (none: nothing changes), and what its caller learns. */
export interface LedgerChange<T> {
  ledger?: LedgerContents;
  result: T;
}

/**
 * How long the ledger keeps a reminder: far longer than the frequency cap's week, so the appointments
 * listing shows what became of recent visits' reminders, and bounded, so the ledger stays one small item.
 */
export const LEDGER_RETENTION_MS = 90 * 24 * 3_600_000;
/** Answers are kept while their visit is ahead and this long after it started. */
export const RESPONSE_RETENTION_MS = 7 * 86_400_000;
/** How often a change is tried again when other writers keep moving the ledger on. */
const MAX_ATTEMPTS = 8;

/** The ledger without what no longer matters: reminders past retention, answers of visits long gone. */
export function pruned(ledger: LedgerContents, now: number): LedgerContents {
  const keep = (r: LedgerEntry) =>
    Date.parse(r.createdAt) > now - LEDGER_RETENTION_MS || Date.parse(r.appointmentStart) > now;
  const keepResponse = (r: OccurrenceResponse) =>
    Date.parse(r.appointmentStart) > now - RESPONSE_RETENTION_MS;
  return {
    ...ledger,
    reminders: ledger.reminders.filter(keep),
    ...(ledger.responses && { responses: ledger.responses.filter(keepResponse) }),
  };
}

export interface ChangeOptions<S extends { ledger: ReminderLedger }, T> {
  /** Reads what the change needs, the ledger among it; by default the ledger alone. */
  read?: () => Promise<S>;
  /** What was read already: the first attempt starts from it. */
  known?: S;
  now: number;
  /** The failure when the ledger kept moving on for every attempt. */
  contended?: () => ApiError;
  /**
   * A write that goes beside the ledger's, in the same round trip, for what the change decided (whose
   * a reminder is). It must be safe to make for a change that then loses its race.
   */
  alongside?: (result: T) => Promise<unknown> | undefined;
}

/** The ledger was written, but the write beside it failed: the caller undoes what the result reserved. */
export class AlongsideFailed<T> extends Error {
  constructor(
    override readonly cause: unknown,
    readonly result: T,
    /** The ledger as written: the undo starts from it. */
    readonly ledger: ReminderLedger,
  ) {
    super('The write beside the ledger failed');
  }
}

const tooBusy = () =>
  new ApiError('store_unavailable', 'The reminder ledger kept changing; try again shortly.', undefined, {
    'retry-after': '1',
  });

/**
 * Applies a pure change to the patient's ledger: decided on what was read, written only if the ledger
 * is still at that version, decided again on a fresh read when it is not. A change that reads more
 * than the ledger (a reminder decision) is decided again on a full read, since the write that moved
 * the ledger on may have fenced a change of its appointments; a change of the ledger alone starts
 * from the ledger the failed write returned, where the engine returns it.
 */
export async function changeLedger<S extends { ledger: ReminderLedger }, T>(
  store: LedgerRecords,
  patientId: string,
  change: (state: S) => LedgerChange<T>,
  options: ChangeOptions<S, T>,
): Promise<T> {
  return (await changeAndKeepLedger(store, patientId, change, options)).result;
}

/**
 * changeLedger, and the ledger as the call leaves it (the one it wrote, or the one it read): a caller
 * that changes the same ledger again starts from it, without reading it back.
 */
export async function changeAndKeepLedger<S extends { ledger: ReminderLedger }, T>(
  store: LedgerRecords,
  patientId: string,
  change: (state: S) => LedgerChange<T>,
  options: ChangeOptions<S, T>,
): Promise<{ result: T; ledger: ReminderLedger }> {
  const read =
    options.read ?? (async () => ({ ledger: await store.loadReminderLedger(patientId) }) as unknown as S);
  let state = options.known ?? (await read());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) await backoff(attempt);
    const { ledger, result } = change(state);
    if (ledger === undefined) return { result, ledger: state.ledger };
    const version = state.ledger.version;
    const next = { ...pruned(ledger, options.now), version: version + 1 };
    const [write, beside] = await Promise.allSettled([
      store.saveReminderLedger(patientId, next, version),
      options.alongside?.(result),
    ]);
    // A write that was not answered may have landed: it is never taken for lost, nor tried again.
    if (write.status === 'rejected') throw write.reason;
    const written = write.value;
    if (written.saved && beside.status === 'rejected') throw new AlongsideFailed(beside.reason, result, next);
    if (written.saved) return { result, ledger: next };
    state =
      options.read === undefined && written.current !== undefined
        ? ({ ...state, ledger: written.current } as S)
        : await read();
  }
  throw (options.contended ?? tooBusy)();
}

/** Full jitter, 0–10 ms after the first loss and doubling to at most 160 ms: racing writers spread out. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(160, 5 * 2 ** attempt)));
