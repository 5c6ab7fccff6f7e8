import { canonicalJson } from '../canonical-json.ts';
import type { FeedOutcome } from './model.ts';

/** A record as a source last described it: its content and the source's `meta.lastUpdated`. */
export interface Described<T> {
  /** Absent for a record the feed never wrote (e.g. one created over HTTP): older than any resource. */
  lastUpdated?: string;
  content: T;
}

export interface Judgement {
  outcome: Exclude<FeedOutcome, 'rejected'>;
  /** Store the incoming content and lastUpdated, on condition that the stored lastUpdated is still older. */
  write: boolean;
}

/**
 * What an incoming resource does to the stored record. `meta.lastUpdated` decides: an older one is
 * stale; the same one is a replay (unchanged when the content matches, else stale: the first stored
 * wins); a newer one updates, or is unchanged when the content matches but is still written, so a
 * late older resource cannot then pass for newer than the truth.
 */
export function judge<T>(stored: Described<T> | undefined, incoming: Required<Described<T>>): Judgement {
  if (stored === undefined) return { outcome: 'created', write: true };
  const same = canonicalJson(stored.content) === canonicalJson(incoming.content);
  const order = stored.lastUpdated === undefined ? 1 : compare(incoming.lastUpdated, stored.lastUpdated);
  if (order > 0) return { outcome: same ? 'unchanged' : 'updated', write: true };
  if (order === 0 && same) return { outcome: 'unchanged', write: false };
  return { outcome: 'stale', write: false };
}

const compare = (a: string, b: string) => Math.sign(Date.parse(a) - Date.parse(b));
