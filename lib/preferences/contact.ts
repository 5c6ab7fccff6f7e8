import { createHash } from 'node:crypto';
import type { Patient } from '../patients/model.ts';
import type { Channel } from './model.ts';

/** Where a channel reaches the patient, if they gave one. */
export const contactPoint = (patient: Patient, channel: Channel): string | undefined =>
  channel === 'sms' ? patient.phone : patient.email;

/**
 * What is remembered of a contact point that failed for good: a digest, so that the address is not
 * stored a second time, and a new phone or email (another digest) is tried afresh.
 */
export const contactDigest = (channel: Channel, address: string): string =>
  createHash('sha256')
    .update(`${channel}:${channel === 'email' ? address.toLowerCase() : address}`)
    .digest('hex');

/** A contact point with enough hidden that a response or log reveals little: `+44*******123`, `j***@example.org`. */
export function maskContact(channel: Channel, address: string): string {
  if (channel === 'sms')
    return `${address.slice(0, 3)}${'*'.repeat(Math.max(0, address.length - 6))}${address.slice(-3)}`;
  const at = address.lastIndexOf('@');
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}
