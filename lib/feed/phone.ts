import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { InvalidConfiguration } from '../config.ts';
import { phone } from '../fields.ts';

// Phone numbers as EHRs hold them, national (`07700 900123`, `(03) 3410 5613`) or international, read
// by libphonenumber-js. Its full ("max") metadata, as only it tells a landline from a mobile in every
// region (`/min` in 15 of 245); imported by the feed alone, so no other function's bundle carries it.

/** The region, checked with the configuration: an ISO 3166 code the library has numbering plans for. */
export function phoneRegion(code: string): CountryCode {
  if (!isSupportedCountry(code))
    throw new InvalidConfiguration([
      {
        path: 'DEFAULT_PHONE_REGION',
        message: 'must be an ISO 3166 region code with a numbering plan, e.g. GB',
      },
    ]);
  return code;
}

/** The kinds of number a text reaches; the library says FIXED_LINE_OR_MOBILE where a plan cannot tell. */
const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export type Mobile = { ok: true; number: string } | { ok: false; why: string };

/**
 * A number a text can be sent to, in E.164, or why it is left out. `trusted` (a telecom of system `sms`)
 * skips the mobile check: the EHR says the number takes texts.
 */
export function mobileNumber(value: string, region: string, trusted: boolean): Mobile {
  const parsed = parsePhoneNumberFromString(value, { defaultCountry: region as CountryCode, extract: false });
  if (parsed === undefined || !parsed.isPossible() || !phone.safeParse(parsed.number).success)
    return {
      ok: false,
      why: `cannot be read as a phone number, international or national to ${region}; left out as an SMS channel`,
    };
  const type = parsed.getType();
  if (!trusted && type !== undefined && !TEXTABLE.has(type))
    return {
      ok: false,
      why: 'is not a mobile number (a text to it would be lost); left out as an SMS channel',
    };
  return { ok: true, number: parsed.number };
}
