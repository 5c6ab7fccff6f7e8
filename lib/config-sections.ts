import * as z from 'zod/mini';
import {
  type AccessConfig,
  type ClinicsConfig,
  LOCAL_FUNCTIONS,
  DEFAULT_AUDIT_RETENTION_DAYS,
  type MessagingConfig,
  type RemindersConfig,
  type RepliesConfig,
  SCOPES,
  type ServiceConfig,
} from './config.ts';
import {
  checkClinics,
  clinicIdsOf,
  clinicsVariable,
  clinicVariables,
  json,
  readClinics,
} from './config-clinics.ts';
import { clientId } from './fields.ts';

// Each section of the configuration: the variables it reads, the checks each must pass, and the plain
// values it becomes (lib/config.ts); each schema built only when a function first reads its section.

const apiKeys = () =>
  json(
    z
      .array(
        z.strictObject({
          id: clientId,
          sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256 digest')),
          scopes: z.array(z.enum(SCOPES)).check(z.minLength(1)),
          // Optional while the deployment has one clinic: the key is that clinic's.
          clinic: z.optional(z.string()),
          test: z._default(z.boolean(), false),
        }),
      )
      .check(z.minLength(1, 'must configure at least one key')),
    'array',
  );

/**
 * A key belongs to one clinic: one the deployment serves, named (it may be left out while there is one),
 * and held by no other key. Problems name the key by its id, never its hash.
 */
function checkKeys(
  keys: readonly { id: string; sha256: string; clinic?: string | undefined }[],
  clinics: readonly string[],
  ctx: z.core.$RefinementCtx,
) {
  const issue = (index: number, field: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: ['API_KEYS', index, field], message });
  const holder = new Map<string, string>();
  keys.forEach(({ id, sha256, clinic }, index) => {
    if (clinic === undefined && clinics.length > 1)
      issue(index, 'clinic', `key "${id}" must name its clinic: the deployment serves several`);
    if (clinic !== undefined && !clinics.includes(clinic))
      issue(index, 'clinic', `key "${id}" names clinic "${clinic}", which is not one of CLINICS`);
    const first = holder.get(sha256);
    if (first !== undefined)
      issue(index, 'sha256', `key "${id}" is the same key as "${first}": a key belongs to one clinic`);
    else holder.set(sha256, id);
  });
}

/** What the `aws` notifier cannot send without, besides each clinic's senders. */
const AWS_MESSAGING = ['EMAIL_CONFIGURATION_SET', 'SMS_CONFIGURATION_SET'] as const;

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
      // Read here for its clinic ids alone: a key must name one of them (config-clinics.ts reads the rest).
      CLINICS: z.optional(clinicsVariable()),
    }),
    (env): AccessConfig => {
      const [only] = clinicIdsOf(env.CLINICS);
      return {
        apiKeys: env.API_KEYS.map((key) => ({ ...key, clinic: key.clinic ?? only! })),
        cursorSecret: env.CURSOR_SECRET,
      };
    },
    (env, ctx) => checkKeys(env.API_KEYS, clinicIdsOf(env.CLINICS), ctx),
  ),
  clinics: section(clinicVariables, (env): ClinicsConfig => ({ clinics: readClinics(env) }), checkClinics),
  reminders: section(
    () => ({
      BULK_CONCURRENCY: wholeNumber(1, 64, 16),
      REMINDER_QUEUE_URL: z.optional(z.url()),
      REMINDER_WORKERS: wholeNumber(1, 100, 2),
    }),
    (env): RemindersConfig => ({
      bulkConcurrency: env.BULK_CONCURRENCY,
      ...(env.REMINDER_QUEUE_URL && { reminderQueueUrl: env.REMINDER_QUEUE_URL }),
      reminderWorkers: env.REMINDER_WORKERS,
    }),
  ),
  messaging: section(
    () => ({
      NOTIFIER: z._default(z.enum(['outbox', 'aws']), 'outbox'),
      EMAIL_CONFIGURATION_SET: z.optional(
        z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, "_" or "-"')),
      ),
      SMS_CONFIGURATION_SET: z.optional(
        z.string().check(z.regex(/^[A-Za-z0-9_:/-]{1,256}$/, 'must be a configuration set name or ARN')),
      ),
      LOCAL_LAMBDA_ENDPOINT: z.optional(z.url()),
      // `<service>-<stage>`, which serverless.yml sets: the simulated provider invokes receipts and inboundSms by it.
      FUNCTION_PREFIX: z._default(
        z.string().check(z.regex(/^[A-Za-z0-9_-]{1,56}$/, 'must be a Lambda function name prefix')),
        LOCAL_FUNCTIONS,
      ),
      EHR_OUTBOUND_QUEUE_URL: z.optional(z.url()),
    }),
    (env): MessagingConfig => ({
      notifier: env.NOTIFIER,
      ...(env.NOTIFIER === 'aws' && {
        messaging: {
          emailConfigurationSet: env.EMAIL_CONFIGURATION_SET!,
          smsConfigurationSet: env.SMS_CONFIGURATION_SET!,
        },
      }),
      ...(env.LOCAL_LAMBDA_ENDPOINT && { localLambdaEndpoint: env.LOCAL_LAMBDA_ENDPOINT }),
      functionPrefix: env.FUNCTION_PREFIX,
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
