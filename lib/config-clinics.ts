import * as z from 'zod/mini';
import { type Clinic, CLINIC_ID, DEFAULT_CLINIC } from './clinics.ts';
import { DEFAULT_MRN_SYSTEM, DEFAULT_PHONE_REGION, DEFAULT_REMINDER_OFFSETS } from './config.ts';
import { LANGUAGES, phone, quietHours, timeZone } from './fields.ts';

// The clinics a deployment serves (CLINICS), each with its own settings. A deployment that names none
// serves one, `default`, whose settings are the variables a one-clinic deployment always had
// (CLINIC_NAME, QUIET_HOURS…): it upgrades without a change. Those variables are also the settings a
// clinic in CLINICS leaves out, so a practice group says what its clinics share once.

const clinicId = z.string().check(z.regex(CLINIC_ID, 'must be 1–32 lowercase letters, digits or "-"'));

/** The most slots per appointment, and the furthest one ahead (hours): a run reads the index that far. */
const MAX_SLOTS = 4;
export const MAX_OFFSET_HOURS = 336;

/** `168h,48h`: distinct whole hours before the start, kept largest first. */
export const reminderOffsets = () =>
  z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      const hours = parts.map((part) => (/^\d{1,4}h$/.test(part) ? Number(part.slice(0, -1)) : Number.NaN));
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      };
      if (hours.some((h) => !(h >= 1 && h <= MAX_OFFSET_HOURS)))
        return fail(`must be a comma list of whole hours from 1h to ${MAX_OFFSET_HOURS}h, such as 168h,48h`);
      if (new Set(hours).size !== hours.length) return fail('must not repeat an offset');
      if (hours.length > MAX_SLOTS) return fail(`must list at most ${MAX_SLOTS} offsets`);
      return hours.sort((a, b) => b - a);
    }),
  );

/** `21:00-08:00`, as QUIET_HOURS and a clinic's `quietHours` are written. */
const quietHoursText = () =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string) => {
        const [start, end] = text.split('-');
        return { start, end };
      }),
    ),
    quietHours,
  );

const clinicName = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
const mrnSystem = () =>
  z.string().check(z.regex(/^\S{1,255}$/, 'must be a URI of at most 255 characters, without spaces'));
// That the library has a numbering plan for it is checked when the feed function is wired (lib/wiring/feed.ts).
const phoneRegion = () =>
  z.string().check(z.regex(/^[A-Z]{2}$/, 'must be an ISO 3166 region code, two capital letters, e.g. GB'));
const originationIdentity = () =>
  z.string().check(z.regex(/^[A-Za-z0-9_:/+-]{1,256}$/, 'must be a phone number, pool id, sender id or ARN'));
const sendRate = () => z.coerce.number().check(z.positive(), z.maximum(1000));

/** A JSON variable, parsed, then checked by `schema`. */
export const json = <S extends z.ZodMiniType>(schema: S, what: string) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: `must be a JSON ${what}`, input: text });
          return z.NEVER;
        }
      }),
    ),
    schema,
  );

/** CLINICS: one object a clinic; a setting left out is the deployment's (the variable beside it). */
export const clinicsVariable = () =>
  json(
    z
      .array(
        z.strictObject({
          id: clinicId,
          name: z.optional(clinicName()),
          timeZone: z.optional(timeZone),
          quietHours: z.optional(quietHoursText()),
          reminderOffsets: z.optional(reminderOffsets()),
          language: z.optional(z.enum(LANGUAGES)),
          mrnSystem: z.optional(mrnSystem()),
          phoneRegion: z.optional(phoneRegion()),
          smsNumber: z.optional(phone),
          smsOriginationIdentity: z.optional(originationIdentity()),
          emailFrom: z.optional(z.email()),
          smsPerSecond: z.optional(sendRate()),
        }),
      )
      .check(z.minLength(1, 'must name at least one clinic')),
    'array of clinics',
  );

/** The clinic ids CLINICS names, or the one clinic of a deployment that names none. */
export const clinicIdsOf = (clinics: readonly { id: string }[] | undefined): string[] =>
  clinics?.map((clinic) => clinic.id) ?? [DEFAULT_CLINIC];

/** The variables of the clinics' settings: CLINICS, and the deployment's own, which a clinic may leave out. */
export const clinicVariables = () => ({
  CLINICS: z.optional(clinicsVariable()),
  CLINIC_NAME: z._default(clinicName(), 'the clinic'),
  DEFAULT_TIME_ZONE: z._default(timeZone, 'UTC'),
  QUIET_HOURS: z._default(quietHoursText(), { start: '21:00', end: '08:00' }),
  REMINDER_OFFSETS: z.optional(reminderOffsets()),
  // Before several slots, the one lead: still read as a single offset, so an upgrade sends as before.
  REMINDER_LEAD_HOURS: z.optional(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_OFFSET_HOURS)),
  ),
  DEFAULT_LANGUAGE: z._default(z.enum(LANGUAGES), 'en'),
  MRN_SYSTEM: z._default(mrnSystem(), DEFAULT_MRN_SYSTEM),
  DEFAULT_PHONE_REGION: z._default(phoneRegion(), DEFAULT_PHONE_REGION),
  SMS_ORIGINATION_IDENTITY: z.optional(originationIdentity()),
  EMAIL_FROM: z.optional(z.email()),
  SMS_MAX_PER_SECOND: z._default(sendRate(), 10),
});

type ClinicValues = z.output<z.ZodMiniObject<ReturnType<typeof clinicVariables>>>;

/** Each clinic's settings: its own, else the deployment's; its share of the SMS rate, an even one unless set. */
export function readClinics(env: ClinicValues): Clinic[] {
  const listed = env.CLINICS ?? [{ id: DEFAULT_CLINIC }];
  const unshared = env.SMS_MAX_PER_SECOND - listed.reduce((sum, c) => sum + (c.smsPerSecond ?? 0), 0);
  const unset = listed.filter((c) => c.smsPerSecond === undefined).length;
  const offsets =
    env.REMINDER_OFFSETS ??
    (env.REMINDER_LEAD_HOURS === undefined ? DEFAULT_REMINDER_OFFSETS : [env.REMINDER_LEAD_HOURS]);
  return listed.map((clinic) => ({
    id: clinic.id,
    name: clinic.name ?? env.CLINIC_NAME,
    timeZone: clinic.timeZone ?? env.DEFAULT_TIME_ZONE,
    quietHours: clinic.quietHours ?? env.QUIET_HOURS,
    reminderOffsets: clinic.reminderOffsets ?? offsets,
    language: clinic.language ?? env.DEFAULT_LANGUAGE,
    mrnSystem: clinic.mrnSystem ?? env.MRN_SYSTEM,
    phoneRegion: clinic.phoneRegion ?? env.DEFAULT_PHONE_REGION,
    ...(clinic.smsNumber !== undefined && { smsNumber: clinic.smsNumber }),
    ...((clinic.smsOriginationIdentity ?? env.SMS_ORIGINATION_IDENTITY) !== undefined && {
      smsOriginationIdentity: clinic.smsOriginationIdentity ?? env.SMS_ORIGINATION_IDENTITY,
    }),
    ...((clinic.emailFrom ?? env.EMAIL_FROM) !== undefined && {
      emailFrom: clinic.emailFrom ?? env.EMAIL_FROM,
    }),
    smsPerSecond: clinic.smsPerSecond ?? unshared / Math.max(unset, 1),
  }));
}

/**
 * What makes a set of clinics one deployment cannot serve: an id twice; with several clinics, one a
 * reply cannot find (no `smsNumber`), two that share a number or an SMS sender (a reply or a STOP would
 * reach the wrong clinic's patients), and shares of the SMS rate beyond the provider's.
 */
export function checkClinics(env: ClinicValues, ctx: z.core.$RefinementCtx) {
  const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (env.REMINDER_OFFSETS !== undefined && env.REMINDER_LEAD_HOURS !== undefined)
    issue(['REMINDER_LEAD_HOURS'], 'is replaced by REMINDER_OFFSETS: set only REMINDER_OFFSETS');
  const clinics = env.CLINICS;
  if (clinics === undefined) return;
  const seen = new Map<string, number>();
  const once = (kind: string, value: string | undefined, index: number, field: string) => {
    if (value === undefined) return;
    const first = seen.get(`${kind}:${value}`);
    if (first === undefined) seen.set(`${kind}:${value}`, index);
    else
      issue(['CLINICS', index, field], `is also clinic "${clinics[first]!.id}"'s: each clinic has its own`);
  };
  clinics.forEach((clinic, index) => {
    once('id', clinic.id, index, 'id');
    once('number', clinic.smsNumber, index, 'smsNumber');
    // What it sends from: its own, else the deployment's, which two clinics cannot share.
    once(
      'sender',
      clinic.smsOriginationIdentity ?? env.SMS_ORIGINATION_IDENTITY,
      index,
      'smsOriginationIdentity',
    );
    if (clinics.length > 1 && clinic.smsNumber === undefined)
      issue(
        ['CLINICS', index, 'smsNumber'],
        'is required when there are several clinics: replies find their clinic by it',
      );
  });
  const shared = clinics.reduce((sum, c) => sum + (c.smsPerSecond ?? 0), 0);
  if (shared > env.SMS_MAX_PER_SECOND)
    issue(
      ['CLINICS'],
      `share ${shared} texts a second, more than SMS_MAX_PER_SECOND (${env.SMS_MAX_PER_SECOND})`,
    );
  // A clinic left to share what remains needs some of it: a rate of 0 would be no pace at all.
  else if (shared >= env.SMS_MAX_PER_SECOND && clinics.some((c) => c.smsPerSecond === undefined))
    issue(
      ['CLINICS'],
      `share all of SMS_MAX_PER_SECOND (${env.SMS_MAX_PER_SECOND}) and leave nothing for the clinics without smsPerSecond`,
    );
}
