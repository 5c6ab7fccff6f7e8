import * as z from 'zod/mini';
import { clientId, quietHours, timeZone } from './fields.ts';
import { fieldErrors, forPeople } from './validation.ts';

// Configuration is plain values: it imports no domain code, so every layer may read it.

/** What an API key may do, each endpoint naming the one it needs. */
export const SCOPES = ['patients:read', 'patients:write', 'preferences:write', 'reminders:send'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ApiKey {
  /** A name for logs and the audit trail; never the key itself. */
  id: string;
  /** SHA-256 of the key, hex. */
  sha256: string;
  scopes: readonly Scope[];
}

/** Where the `aws` notifier sends from, and the configuration sets whose events become receipts. */
export interface AwsMessaging {
  /** A verified SES identity. */
  emailFrom: string;
  emailConfigurationSet: string;
  /** A phone number, pool or sender id of End User Messaging SMS, or its ARN. */
  smsOriginationIdentity: string;
  smsConfigurationSet: string;
}

/** The system of the identifier that carries the clinic's record number (MRN), unless configured. */
export const DEFAULT_MRN_SYSTEM = 'urn:clinical-assistant:mrn';

/** The ISO 3166 region a national phone number in a Patient is read in, unless configured. */
export const DEFAULT_PHONE_REGION = 'GB';

/** How long audit entries are kept unless configured: six years (with their leap days), as HIPAA asks. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 2192;

/** The reminder slots unless configured: hours before the start, a week and two days. */
export const DEFAULT_REMINDER_OFFSETS: readonly number[] = [168, 48];

export interface Config {
  tableName: string;
  /** Set for a local engine (dynalite, DynamoDB Local); unset on AWS. */
  dynamodbEndpoint?: string;
  awsRegion?: string;
  defaultTimeZone: string;
  clinicName: string;
  quietHours: { start: string; end: string };
  apiKeys: readonly ApiKey[];
  /** The key listing cursors are signed with, so a client can return only a cursor it was given. */
  cursorSecret: string;
  /** `outbox` records messages in the store (local); `aws` sends by End User Messaging SMS and SES. */
  notifier: 'outbox' | 'aws';
  /** Present exactly when `notifier` is `aws`. */
  messaging?: AwsMessaging;
  /** How many patients a bulk reminder call works on at once. */
  bulkConcurrency: number;
  /** The slots: hours before the start when reminders go out, largest first; no SMS lives longer than the first. */
  reminderOffsets: readonly number[];
  /** The SMS provider's throughput: messages a second, shared by every worker of a run. */
  smsMaxPerSecond: number;
  /** The queue a large scheduled run fans out over; unset locally, where runs stay in-process. */
  reminderQueueUrl?: string;
  /** The worker functions' reserved concurrency: each takes its share of `smsMaxPerSecond`. */
  reminderWorkers: number;
  /** The FHIR identifier system of the clinic's record number (MRN), by which the feed matches patients. */
  mrnSystem: string;
  /** The ISO 3166 region the feed reads a national phone number in (`07700 900123` in GB). */
  phoneRegion: string;
  /** Days the audit trail keeps an entry. */
  auditRetentionDays: number;
  /** Locally, where serverless-offline serves the Lambda invoke API: the outbox's receipts go there. */
  localLambdaEndpoint?: string;
  /** Which model reads patients' free-text replies: `embedded` (in the bundle) or `bedrock`. */
  replyModel: 'embedded' | 'bedrock';
  /** The Bedrock model `bedrock` asks. */
  replyModelId: string;
  /** The queue patients' answers are written back to the EHR on; unset locally, where the local engine keeps them. */
  ehrOutboundQueueUrl?: string;
}

const apiKeys = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'must be a JSON array', input: text });
        return z.NEVER;
      }
    }),
  ),
  z
    .array(
      z.strictObject({
        id: clientId,
        sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256 digest')),
        scopes: z.array(z.enum(SCOPES)).check(z.minLength(1)),
      }),
    )
    .check(z.minLength(1, 'must configure at least one key')),
);

/** What the `aws` notifier cannot send without. */
const AWS_MESSAGING = [
  'EMAIL_FROM',
  'EMAIL_CONFIGURATION_SET',
  'SMS_ORIGINATION_IDENTITY',
  'SMS_CONFIGURATION_SET',
] as const;

/** The most slots per appointment, and the furthest one ahead (hours): a run reads the index that far. */
const MAX_SLOTS = 4;
const MAX_OFFSET_HOURS = 336;

/** `REMINDER_OFFSETS`: distinct whole hours before the start, `168h,48h`, kept largest first. */
const reminderOffsets = z.pipe(
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

/** A whole number from `min` to `max`, `fallback` when unset. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);

const Environment = z
  .object({
    TABLE_NAME: z.string().check(z.minLength(1)),
    DYNAMODB_ENDPOINT: z.optional(z.url()),
    AWS_REGION: z.optional(z.string().check(z.minLength(1))),
    DEFAULT_TIME_ZONE: z._default(timeZone, 'UTC'),
    CLINIC_NAME: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), 'the clinic'),
    QUIET_HOURS: z.pipe(
      z.pipe(
        z._default(z.string(), '21:00-08:00'),
        z.transform((text: string) => {
          const [start, end] = text.split('-');
          return { start, end };
        }),
      ),
      quietHours,
    ),
    API_KEYS: apiKeys,
    CURSOR_SECRET: z.string().check(z.minLength(32, 'must be at least 32 characters')),
    NOTIFIER: z._default(z.enum(['outbox', 'aws']), 'outbox'),
    EMAIL_FROM: z.optional(z.email()),
    EMAIL_CONFIGURATION_SET: z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, "_" or "-"')),
    ),
    SMS_ORIGINATION_IDENTITY: z.optional(
      z
        .string()
        .check(z.regex(/^[A-Za-z0-9_:/+-]{1,256}$/, 'must be a phone number, pool id, sender id or ARN')),
    ),
    SMS_CONFIGURATION_SET: z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9_:/-]{1,256}$/, 'must be a configuration set name or ARN')),
    ),
    REMINDER_OFFSETS: z.optional(reminderOffsets),
    // Before several slots, the one lead: still read as a single offset, so an upgrade sends as before.
    REMINDER_LEAD_HOURS: z.optional(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_OFFSET_HOURS)),
    ),
    BULK_CONCURRENCY: wholeNumber(1, 64, 16),
    SMS_MAX_PER_SECOND: z._default(z.coerce.number().check(z.positive(), z.maximum(1000)), 10),
    REMINDER_QUEUE_URL: z.optional(z.url()),
    REMINDER_WORKERS: wholeNumber(1, 100, 2),
    AUDIT_RETENTION_DAYS: wholeNumber(1, 36_500, DEFAULT_AUDIT_RETENTION_DAYS),
    LOCAL_LAMBDA_ENDPOINT: z.optional(z.url()),
    // Read by lib/log.ts itself; checked here so that a misspelt level stops the function at once.
    LOG_LEVEL: z._default(z.enum(['info', 'silent']), 'info'),
    REPLY_MODEL: z._default(z.enum(['embedded', 'bedrock']), 'embedded'),
    REPLY_MODEL_ID: z._default(
      z.string().check(z.regex(/^[A-Za-z0-9.:_/-]{1,256}$/, 'must be a Bedrock model id or ARN')),
      'amazon.nova-micro-v1:0',
    ),
    EHR_OUTBOUND_QUEUE_URL: z.optional(z.url()),
    MRN_SYSTEM: z._default(
      z.string().check(z.regex(/^\S{1,255}$/, 'must be a URI of at most 255 characters, without spaces')),
      DEFAULT_MRN_SYSTEM,
    ),
    // That the library has a numbering plan for it is checked when the feed function is wired (lib/wiring/feed.ts).
    DEFAULT_PHONE_REGION: z._default(
      z
        .string()
        .check(z.regex(/^[A-Z]{2}$/, 'must be an ISO 3166 region code, two capital letters, e.g. GB')),
      DEFAULT_PHONE_REGION,
    ),
  })
  .check(
    z.superRefine((env, ctx) => {
      if (env.REMINDER_OFFSETS !== undefined && env.REMINDER_LEAD_HOURS !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['REMINDER_LEAD_HOURS'],
          message: 'is replaced by REMINDER_OFFSETS: set only REMINDER_OFFSETS',
        });
      if (env.NOTIFIER !== 'aws') return;
      for (const name of [...AWS_MESSAGING, 'EHR_OUTBOUND_QUEUE_URL'] as const) {
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NOTIFIER is aws' });
      }
    }),
  );

/** Configuration that cannot run: names the bad variables and what each must be, never their values. */
export class InvalidConfiguration extends Error {
  override readonly name = 'InvalidConfiguration';
  constructor(readonly problems: readonly { path: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map(({ path, message }) => `${path}: ${message}`).join('; ')}`);
  }

  /** The variables at fault, e.g. `API_KEYS` for a problem at `API_KEYS[0].sha256`. */
  get variables(): string[] {
    return [...new Set(this.problems.map(({ path }) => path.split(/[.[]/)[0]!))];
  }
}

/** Every variable the functions read: the README's configuration table lists each one. */
export const CONFIG_VARIABLES = Object.keys(Environment.shape);

/** Reads and checks the configuration; throws InvalidConfiguration naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable is an unset one: serverless.yml writes "" where a stage has no value.
  const parsed = Environment.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
    { reportInput: true, error: forPeople },
  );
  if (!parsed.success) throw new InvalidConfiguration(fieldErrors(parsed.error.issues));
  const { data } = parsed;
  return {
    tableName: data.TABLE_NAME,
    ...(data.DYNAMODB_ENDPOINT && { dynamodbEndpoint: data.DYNAMODB_ENDPOINT }),
    ...(data.AWS_REGION && { awsRegion: data.AWS_REGION }),
    defaultTimeZone: data.DEFAULT_TIME_ZONE,
    clinicName: data.CLINIC_NAME,
    quietHours: data.QUIET_HOURS,
    apiKeys: data.API_KEYS,
    cursorSecret: data.CURSOR_SECRET,
    notifier: data.NOTIFIER,
    ...(data.NOTIFIER === 'aws' && {
      messaging: {
        emailFrom: data.EMAIL_FROM!,
        emailConfigurationSet: data.EMAIL_CONFIGURATION_SET!,
        smsOriginationIdentity: data.SMS_ORIGINATION_IDENTITY!,
        smsConfigurationSet: data.SMS_CONFIGURATION_SET!,
      },
    }),
    reminderOffsets:
      data.REMINDER_OFFSETS ??
      (data.REMINDER_LEAD_HOURS === undefined ? DEFAULT_REMINDER_OFFSETS : [data.REMINDER_LEAD_HOURS]),
    bulkConcurrency: data.BULK_CONCURRENCY,
    smsMaxPerSecond: data.SMS_MAX_PER_SECOND,
    ...(data.REMINDER_QUEUE_URL && { reminderQueueUrl: data.REMINDER_QUEUE_URL }),
    reminderWorkers: data.REMINDER_WORKERS,
    mrnSystem: data.MRN_SYSTEM,
    phoneRegion: data.DEFAULT_PHONE_REGION,
    auditRetentionDays: data.AUDIT_RETENTION_DAYS,
    ...(data.LOCAL_LAMBDA_ENDPOINT && { localLambdaEndpoint: data.LOCAL_LAMBDA_ENDPOINT }),
    replyModel: data.REPLY_MODEL,
    replyModelId: data.REPLY_MODEL_ID,
    ...(data.EHR_OUTBOUND_QUEUE_URL && { ehrOutboundQueueUrl: data.EHR_OUTBOUND_QUEUE_URL }),
  };
}
