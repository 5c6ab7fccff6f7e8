import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiKey, Scope } from '../config.ts';
import { forbidden, unauthorized } from '../errors.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The configured key behind an `Authorization: Bearer …` header, holding `scope`; throws 401 or 403. */
export function authorize(keys: readonly ApiKey[], authorization: string | undefined, scope: Scope): ApiKey {
  // API Gateway joins a header sent twice with a comma, which no key holds: one key, in one header.
  if (authorization?.includes(','))
    throw unauthorized('Send one API key, in one "Authorization: Bearer <key>" header.');
  const presented = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (presented === undefined) throw unauthorized('Send the API key as "Authorization: Bearer <key>".');
  const digest = sha256(presented);
  // Compare with every key, without stopping at a match, so timing tells nothing about which keys exist.
  let found: ApiKey | undefined;
  for (const key of keys) {
    if (timingSafeEqual(digest, Buffer.from(key.sha256, 'hex')) && found === undefined) found = key;
  }
  if (found === undefined) throw unauthorized('The API key is not valid.');
  if (!found.scopes.includes(scope)) throw forbidden(`This API key lacks the "${scope}" scope.`);
  return found;
}
