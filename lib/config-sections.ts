import * as z from 'zod/mini';
import {
  type AccessConfig,
  DEFAULT_AUDIT_RETENTION_DAYS,
  DEFAULT_MRN_SYSTEM,
  DEFAULT_PHONE_REGION,
  DEFAULT_REMINDER_OFFSETS,
  type MessagingConfig,
  type RecordsConfig,
  type RemindersConfig,
  type RepliesConfig,
  SCOPES,
  type ServiceConfig,
} from './config.ts';
import { clientId, quietHours, timeZone } from './fields.ts';

// Each section of the configuration: the variables it reads, the checks each must pass, and the plain
// values it becomes (lib/config.ts); each schema built only when a function first reads its section.

const apiKeys = () =>
  z.pipe(
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
const reminderOffsets = () =>
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

/** A whole number from `min` to `max`, `fallback` when unset. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);

/**
 * One section of the configuration: its variables, built only when a function first reads it (a cold
 * start pays for the checks it needs, not every one), and what they become.
 */
function section<Shape extends z.core.$ZodLooseShape, T>(
  variables: () => Shape,
  read: (values: z.output<z.ZodMiniObject<Shape>>) => T,
  refine?: (values: z.output<z.ZodMiniObject<Shape>>, ctx: z.core.$RefinementCtx) => void,
) {
  return {
    schema: () => {
      const schema = z.object(variables());
      return refine ? schema.check(z.superRefine(refine)) : schema;
    },
    read,
  };
}

/** The configuration by section; each function reads the sections it uses (lib/wiring). */
export const CONFIG_SECTIONS = {
  service: section(
    () => ({
      TABLE_NAME: z.string().check(z.minLength(1)),
      DYNAMODB_ENDPOINT: z.optional(z.url()),
      AWS_REGION: z.optional(z.string().check(z.minLength(1))),
      AUDIT_RETENTION_DAYS: wholeNumber(1, 36_500, DEFAULT_AUDIT_RETENTION_DAYS),
      // Read by lib/log.ts itself; checked here so that a misspelt level stops the function at once.
      LOG_LEVEL: z._default(z.enum(['info', 'silent']), 'info'),
      // Read by lib/metrics.ts itself; serverless.yml sets it from the stage, the namespace the alarms read.
      METRICS_NAMESPACE: z.optional(z.string()),
    }),
    (env): ServiceConfig => ({
      tableName: env.TABLE_NAME,
      ...(env.DYNAMODB_ENDPOINT && { dynamodbEndpoint: env.DYNAMODB_ENDPOINT }),
      ...(env.AWS_REGION && { awsRegion: env.AWS_REGION }),
      auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    }),
  ),
  access: section(
    () => ({
      API_KEYS: apiKeys(),
      CURSOR_SECRET: z.string().check(z.minLength(32, 'must be at least 32 characters')),
    }),
    (env): AccessConfig => ({ apiKeys: env.API_KEYS, cursorSecret: env.CURSOR_SECRET }),
  ),
  records: section(
    () => ({
      DEFAULT_TIME_ZONE: z._default(timeZone, 'UTC'),
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
    }),
    (env): RecordsConfig => ({
      defaultTimeZone: env.DEFAULT_TIME_ZONE,
      mrnSystem: env.MRN_SYSTEM,
      phoneRegion: env.DEFAULT_PHONE_REGION,
    }),
  ),
  reminders: section(
    () => ({
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
      REMINDER_OFFSETS: z.optional(reminderOffsets()),
      // Before several slots, the one lead: still read as a single offset, so an upgrade sends as before.
      REMINDER_LEAD_HOURS: z.optional(
        z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_OFFSET_HOURS)),
      ),
      BULK_CONCURRENCY: wholeNumber(1, 64, 16),
      SMS_MAX_PER_SECOND: z._default(z.coerce.number().check(z.positive(), z.maximum(1000)), 10),
      REMINDER_QUEUE_URL: z.optional(z.url()),
      REMINDER_WORKERS: wholeNumber(1, 100, 2),
    }),
    (env): RemindersConfig => ({
      clinicName: env.CLINIC_NAME,
      quietHours: env.QUIET_HOURS,
      bulkConcurrency: env.BULK_CONCURRENCY,
      reminderOffsets:
        env.REMINDER_OFFSETS ??
        (env.REMINDER_LEAD_HOURS === undefined ? DEFAULT_REMINDER_OFFSETS : [env.REMINDER_LEAD_HOURS]),
      smsMaxPerSecond: env.SMS_MAX_PER_SECOND,
      ...(env.REMINDER_QUEUE_URL && { reminderQueueUrl: env.REMINDER_QUEUE_URL }),
      reminderWorkers: env.REMINDER_WORKERS,
    }),
    (env, ctx) => {
      if (env.REMINDER_OFFSETS !== undefined && env.REMINDER_LEAD_HOURS !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['REMINDER_LEAD_HOURS'],
          message: 'is replaced by REMINDER_OFFSETS: set only REMINDER_OFFSETS',
        });
    },
  ),
  messaging: section(
    () => ({
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
      LOCAL_LAMBDA_ENDPOINT: z.optional(z.url()),
      EHR_OUTBOUND_QUEUE_URL: z.optional(z.url()),
    }),
    (env): MessagingConfig => ({
      notifier: env.NOTIFIER,
      ...(env.NOTIFIER === 'aws' && {
        messaging: {
          emailFrom: env.EMAIL_FROM!,
          emailConfigurationSet: env.EMAIL_CONFIGURATION_SET!,
          smsOriginationIdentity: env.SMS_ORIGINATION_IDENTITY!,
          smsConfigurationSet: env.SMS_CONFIGURATION_SET!,
        },
      }),
      ...(env.LOCAL_LAMBDA_ENDPOINT && { localLambdaEndpoint: env.LOCAL_LAMBDA_ENDPOINT }),
      ...(env.EHR_OUTBOUND_QUEUE_URL && { ehrOutboundQueueUrl: env.EHR_OUTBOUND_QUEUE_URL }),
    }),
    (env, ctx) => {
      if (env.NOTIFIER !== 'aws') return;
      for (const name of [...AWS_MESSAGING, 'EHR_OUTBOUND_QUEUE_URL'] as const) {
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NOTIFIER is aws' });
      }
    },
  ),
  replies: section(
    () => ({
      REPLY_MODEL: z._default(z.enum(['embedded', 'bedrock']), 'embedded'),
      REPLY_MODEL_ID: z._default(
        z.string().check(z.regex(/^[A-Za-z0-9.:_/-]{1,256}$/, 'must be a Bedrock model id or ARN')),
        'amazon.nova-micro-v1:0',
      ),
    }),
    (env): RepliesConfig => ({ replyModel: env.REPLY_MODEL, replyModelId: env.REPLY_MODEL_ID }),
  ),
};

export type ConfigSection = keyof typeof CONFIG_SECTIONS;
export type SectionConfig<S extends ConfigSection> = ReturnType<(typeof CONFIG_SECTIONS)[S]['read']>;
