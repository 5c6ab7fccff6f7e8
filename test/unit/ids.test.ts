import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedId } from '../../lib/ids.ts';

/** RFC 9562: version 8 in the 13th hex digit, variant 10xx in the 17th. */
const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('derived ids', () => {
  it('are valid RFC 9562 version 8 UUIDs, for any text', () => {
    fc.assert(fc.property(fc.string(), (text) => UUID_V8.test(derivedId(text))));
  });

  it('are equal for equal text and differ otherwise', () => {
    expect(derivedId('reminder/p/a/2026-12-01T09:30:00Z')).toBe(
      derivedId('reminder/p/a/2026-12-01T09:30:00Z'),
    );
    expect(derivedId('reminder/p/a/2026-12-01T09:30:00Z')).not.toBe(
      derivedId('reminder/p/a/2026-12-01T09:31:00Z'),
    );
  });
});
