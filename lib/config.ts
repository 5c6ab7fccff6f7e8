import type { Clinic } from './clinics.ts';

// What the configuration is: plain values, their defaults, and the error a bad one is. It imports no
// domain code, so every layer may read it; config-sections.ts checks the variables, config-load.ts reads them.

/** The service's name, as serverless.yml calls it. */
export const SERVICE = 'clinical-assistant-api';

/** The local stage's function names begin so: a function's is this, then its name in serverless.yml. */
export const LOCAL_FUNCTIONS = `${SERVICE}-local`;

/** What an API key may do, each endpoint naming the one it needs. */
export const SCOPES = ['patients:read', 'patients:write', 'preferences:write', 'reminders:send'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ApiKey {
  /** A name for logs and the audit trail; never the key itself. */
  id: string;
  /** SHA-256 of the key, hex. */
  sha256: string;
  scopes: readonly Scope[];
  /** The one clinic whose records it reaches. */
  clinic: string;
  /** A test key reaches the clinic's sandbox: its own records, and nothing leaves for a phone or mailbox. */
  test: boolean;
}

/** The configuration sets of the `aws` notifier, whose events become receipts; each clinic has its senders. */
export interface AwsMessaging {
  emailConfigurationSet: string;
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

/** Where the service keeps its records: every function reads this section. */
export interface ServiceConfig {
  tableName: string;
  /** Set for a local engine (dynalite, DynamoDB Local); unset on AWS. */
  dynamodbEndpoint?: string;
  awsRegion?: string;
  /** Days the audit trail keeps an entry. */
  auditRetentionDays: number;
}

/** Who may call the HTTP API: every endpoint reads this section, the public ones too. */
export interface AccessConfig {
  apiKeys: readonly ApiKey[];
  /** The key listing cursors are signed with, so a client can return only a cursor it was given. */
  cursorSecret: string;
}

/** The clinics the deployment serves, each with its own settings. */
export interface ClinicsConfig {
  clinics: readonly Clinic[];
}

/** When and how reminders go out, beyond each clinic's own settings. */
export interface RemindersConfig {
  /** How many patients a bulk reminder call works on at once. */
  bulkConcurrency: number;
  /** The queue a large scheduled run fans out over; unset locally, where runs stay in-process. */
  reminderQueueUrl?: string;
  /** The worker functions' reserved concurrency: each takes its share of each clinic's SMS rate. */
  reminderWorkers: number;
}

/** What leaves the service: messages to patients, and patients' answers to the EHR. */
export interface MessagingConfig {
  /** `outbox` records messages in the store (local); `aws` sends by End User Messaging SMS and SES. */
  notifier: 'outbox' | 'aws';
  /** Present exactly when `notifier` is `aws`. */
  messaging?: AwsMessaging;
  /** Locally, where serverless-offline serves the Lambda invoke API: the outbox's receipts go there. */
  localLambdaEndpoint?: string;
  /** What this stage's function names begin with: the simulated provider invokes functions by their names. */
  functionPrefix: string;
  /** The queue patients' answers are written back to the EHR on; unset locally, where the local engine keeps them. */
  ehrOutboundQueueUrl?: string;
}

/** How patients' free-text replies are read. */
export interface RepliesConfig {
  /** Which model reads patients' free-text replies: `embedded` (in the bundle) or `bedrock`. */
  replyModel: 'embedded' | 'bedrock';
  /** The Bedrock model `bedrock` asks. */
  replyModelId: string;
}

/** The whole configuration: what `npm start` and the tests check before anything starts. */
export type Config = ServiceConfig &
  AccessConfig &
  ClinicsConfig &
  RemindersConfig &
  MessagingConfig &
  RepliesConfig;

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
