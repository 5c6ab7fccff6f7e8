import * as z from 'zod';
import { quietHours, timeZone } from './fields.ts';
import { type ApiKey, SCOPES } from './http/auth.ts';

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
  /** `outbox` records messages in the store (local); `aws` sends by SNS and SES. */
  notifier: 'outbox' | 'aws';
  emailFrom?: string;
  smsSenderId?: string;
  /** How many patients a bulk reminder call works on at once. */
  bulkConcurrency: number;
}

const apiKeys = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.strictObject({
          id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
          sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256 digest'),
          scopes: z.array(z.enum(SCOPES)).min(1),
        }),
      )
      .min(1, 'must configure at least one key'),
  );

const Environment = z
  .object({
    TABLE_NAME: z.string().min(1),
    DYNAMODB_ENDPOINT: z.url().optional(),
    AWS_REGION: z.string().min(1).optional(),
    DEFAULT_TIME_ZONE: timeZone.default('UTC'),
    CLINIC_NAME: z.string().trim().min(1).max(100).default('the clinic'),
    QUIET_HOURS: z
      .string()
      .default('21:00-08:00')
      .transform((text) => {
        const [start, end] = text.split('-');
        return { start, end };
      })
      .pipe(quietHours),
    API_KEYS: apiKeys,
    CURSOR_SECRET: z.string().min(32, 'must be at least 32 characters'),
    NOTIFIER: z.enum(['outbox', 'aws']).default('outbox'),
    EMAIL_FROM: z.email().optional(),
    SMS_SENDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{1,11}$/, 'must be 1–11 letters or digits')
      .optional(),
    BULK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  })
  .refine((env) => env.NOTIFIER !== 'aws' || env.EMAIL_FROM !== undefined, {
    path: ['EMAIL_FROM'],
    message: 'is required when NOTIFIER is aws',
  });

/** Reads and checks the configuration once, at cold start; throws one message naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable is an unset one: serverless.yml writes "" where a stage has no value.
  const parsed = Environment.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
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
    ...(data.EMAIL_FROM && { emailFrom: data.EMAIL_FROM }),
    ...(data.SMS_SENDER_ID && { smsSenderId: data.SMS_SENDER_ID }),
    bulkConcurrency: data.BULK_CONCURRENCY,
  };
}
