import { createHmac, timingSafeEqual } from 'node:crypto';
import { validationFailed } from '../errors.ts';
import { isTimestamp } from '../time.ts';
import type { AppointmentPosition } from './model.ts';

// A listing cursor is where a page ended, bound to its patient and signed under a key from
// configuration: a client can hand back only a cursor this endpoint gave it, for that patient.

export interface CursorKey {
  /** The HMAC-SHA256 key cursors are signed with (CURSOR_SECRET). */
  cursorSecret: string;
}

const signature = (key: CursorKey, patientId: string, payload: string) =>
  createHmac('sha256', key.cursorSecret).update(`${patientId}.${payload}`).digest();

/** `<position>.<mac>`, both base64url: the position is plain JSON; the MAC makes it valid only as issued. */
export function encodeCursor(key: CursorKey, patientId: string, position: AppointmentPosition): string {
  const payload = Buffer.from(JSON.stringify([position.start, position.id])).toString('base64url');
  return `${payload}.${signature(key, patientId, payload).toString('base64url')}`;
}

/** The position a cursor names; 400 on `cursor` for one not issued by this endpoint for this patient. */
export function decodeCursor(key: CursorKey, patientId: string, cursor: string): AppointmentPosition {
  const position = signedPayload(key, patientId, cursor);
  if (position !== undefined) return position;
  throw validationFailed([
    { path: 'cursor', message: 'must be a nextCursor this endpoint returned for this patient' },
  ]);
}

function signedPayload(key: CursorKey, patientId: string, cursor: string): AppointmentPosition | undefined {
  const [payload, mac, ...rest] = cursor.split('.');
  if (payload === undefined || mac === undefined || rest.length > 0) return undefined;
  const expected = signature(key, patientId, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [start, id] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    // A valid signature vouches for who wrote it; the shape is checked all the same, never trusted.
    return typeof start === 'string' && typeof id === 'string' && isTimestamp(start)
      ? { start, id }
      : undefined;
  } catch {
    return undefined;
  }
}
