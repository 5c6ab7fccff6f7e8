import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { configVariables, loadConfig } from '../../lib/config-load.ts';
import { sha256 } from '../support/events.ts';

const keys = JSON.stringify([{ id: 'k1', sha256: sha256('k1'), scopes: ['patients:read'] }]);
const cursorSecret = 'c'.repeat(32);
const minimal = { TABLE_NAME: 'patients', API_KEYS: keys, CURSOR_SECRET: cursorSecret };

describe('configuration, read once at cold start', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig(minimal)).toEqual({
      tableName: 'patients',
      apiKeys: [
        { id: 'k1', sha256: sha256('k1'), scopes: ['patients:read'], clinic: 'default', test: false },
      ],
      cursorSecret,
      clinics: [
        {
          id: 'default',
          name: 'the clinic',
          timeZone: 'UTC',
          quietHours: { start: '21:00', end: '08:00' },
          reminderOffsets: [168, 48],
          language: 'en',
          mrnSystem: 'urn:clinical-assistant:mrn',
          phoneRegion: 'GB',
          smsPerSecond: 10,
        },
      ],
      notifier: 'outbox',
      functionPrefix: 'clinical-assistant-api-local',
      bulkConcurrency: 16,
      reminderWorkers: 2,
      auditRetentionDays: 2192,
      replyModel: 'embedded',
      replyModelId: 'amazon.nova-micro-v1:0',
    });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      ...minimal,
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      AWS_REGION: 'eu-west-2',
      DEFAULT_TIME_ZONE: 'Europe/London',
      CLINIC_NAME: ' Riverside ',
      QUIET_HOURS: '20:30-07:15',
      NOTIFIER: 'aws',
      EMAIL_FROM: 'reminders@example.org',
      EMAIL_CONFIGURATION_SET: 'clinical-assistant-prod',
      SMS_ORIGINATION_IDENTITY:
        'arn:aws:sms-voice:eu-west-2:111122223333:phone-number/phone-0123456789abcdef',
      SMS_CONFIGURATION_SET: 'clinical-assistant-prod',
      BULK_CONCURRENCY: '8',
      REMINDER_OFFSETS: '24h, 72h,1h',
      SMS_MAX_PER_SECOND: '2.5',
      REMINDER_QUEUE_URL: 'https://sqs.eu-west-2.amazonaws.com/123456789012/reminder-work',
      REMINDER_WORKERS: '4',
      MRN_SYSTEM: 'https://ehr.example.org/mrn',
      DEFAULT_PHONE_REGION: 'AU',
      AUDIT_RETENTION_DAYS: '3653',
      REPLY_MODEL: 'bedrock',
      REPLY_MODEL_ID: 'eu.amazon.nova-micro-v1:0',
      EHR_OUTBOUND_QUEUE_URL: 'https://sqs.eu-west-2.amazonaws.com/123456789012/ehr-outbound',
    });
    expect(config).toMatchObject({
      dynamodbEndpoint: 'http://127.0.0.1:8000',
      awsRegion: 'eu-west-2',
      clinics: [
        {
          id: 'default',
          name: 'Riverside',
          timeZone: 'Europe/London',
          quietHours: { start: '20:30', end: '07:15' },
          reminderOffsets: [72, 24, 1],
          mrnSystem: 'https://ehr.example.org/mrn',
          phoneRegion: 'AU',
          emailFrom: 'reminders@example.org',
          smsOriginationIdentity:
            'arn:aws:sms-voice:eu-west-2:111122223333:phone-number/phone-0123456789abcdef',
          smsPerSecond: 2.5,
        },
      ],
      notifier: 'aws',
      messaging: {
        emailConfigurationSet: 'clinical-assistant-prod',
        smsConfigurationSet: 'clinical-assistant-prod',
      },
      bulkConcurrency: 8,
      reminderQueueUrl: 'https://sqs.eu-west-2.amazonaws.com/123456789012/reminder-work',
      reminderWorkers: 4,
      auditRetentionDays: 3653,
      replyModel: 'bedrock',
      replyModelId: 'eu.amazon.nova-micro-v1:0',
      ehrOutboundQueueUrl: 'https://sqs.eu-west-2.amazonaws.com/123456789012/ehr-outbound',
    });
    expect(() => loadConfig({ ...minimal, REPLY_MODEL: 'gpt' })).toThrow('REPLY_MODEL');
    expect(() => loadConfig({ ...minimal, MRN_SYSTEM: 'not a uri' })).toThrow('MRN_SYSTEM');
    expect(() => loadConfig({ ...minimal, DEFAULT_PHONE_REGION: 'uk' })).toThrow('DEFAULT_PHONE_REGION');
  });

  it('needs the sender, both configuration sets and the EHR queue to run on AWS, and refuses quiet hours that start where they end', () => {
    const load = () => loadConfig({ ...minimal, NOTIFIER: 'aws' });
    for (const name of [
      'EMAIL_FROM',
      'EMAIL_CONFIGURATION_SET',
      'SMS_ORIGINATION_IDENTITY',
      'SMS_CONFIGURATION_SET',
      'EHR_OUTBOUND_QUEUE_URL',
    ])
      expect(load).toThrow(`${name}: is required when NOTIFIER is aws`);
    expect(() => loadConfig({ ...minimal, QUIET_HOURS: '21:00-21:00' })).toThrow('QUIET_HOURS.end');
  });

  it('reads REMINDER_OFFSETS as slots, largest first, and says what is wrong with a bad list', () => {
    const offsets = (value: string) =>
      loadConfig({ ...minimal, REMINDER_OFFSETS: value }).clinics[0]!.reminderOffsets;
    expect(offsets('48h')).toEqual([48]);
    expect(offsets('48h,168h')).toEqual([168, 48]);
    for (const bad of ['48', '2d', '168h,', '0h', '337h', '1.5h', '48h 24h'])
      expect(() => offsets(bad)).toThrow(
        'REMINDER_OFFSETS: must be a comma list of whole hours from 1h to 336h, such as 168h,48h',
      );
    expect(() => offsets('48h,48h')).toThrow('REMINDER_OFFSETS: must not repeat an offset');
    expect(() => offsets('1h,2h,3h,4h,5h')).toThrow('REMINDER_OFFSETS: must list at most 4 offsets');
  });

  it('reads the old REMINDER_LEAD_HOURS as one offset, and refuses it beside REMINDER_OFFSETS', () => {
    // An upgrade that kept its single lead keeps sending one reminder, at that lead.
    expect(loadConfig({ ...minimal, REMINDER_LEAD_HOURS: '24' }).clinics[0]!.reminderOffsets).toEqual([24]);
    expect(() => loadConfig({ ...minimal, REMINDER_LEAD_HOURS: '24', REMINDER_OFFSETS: '48h' })).toThrow(
      'REMINDER_LEAD_HOURS: is replaced by REMINDER_OFFSETS: set only REMINDER_OFFSETS',
    );
    expect(() => loadConfig({ ...minimal, REMINDER_LEAD_HOURS: '0' })).toThrow('REMINDER_LEAD_HOURS');
  });

  it('needs a cursor secret long enough to be a key', () => {
    expect(() => loadConfig({ ...minimal, CURSOR_SECRET: 'short' })).toThrow(
      'CURSOR_SECRET: must be at least 32 characters',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...minimal, DYNAMODB_ENDPOINT: '' }).dynamodbEndpoint).toBeUndefined();
  });

  it('fails fast with one message naming every bad variable', () => {
    const load = () =>
      loadConfig({
        API_KEYS: '[{"id":"k","sha256":"nothex","scopes":["everything"]}]',
        DEFAULT_TIME_ZONE: 'Nowhere/Land',
        QUIET_HOURS: '9pm-8am',
        REMINDER_OFFSETS: '0h',
        SMS_ORIGINATION_IDENTITY: 'Riverside Clinic',
        EMAIL_CONFIGURATION_SET: 'a'.repeat(65),
      });
    expect(load).toThrow(/^Invalid configuration: /);
    for (const name of [
      'TABLE_NAME',
      'API_KEYS[0].sha256',
      'API_KEYS[0].scopes',
      'CURSOR_SECRET',
      'DEFAULT_TIME_ZONE',
      'QUIET_HOURS',
      'REMINDER_OFFSETS',
      'SMS_ORIGINATION_IDENTITY',
      'EMAIL_CONFIGURATION_SET',
    ]) {
      expect(load).toThrow(name);
    }
  });

  it("says what is wrong in the API's own words: a missing variable, a bound it must exceed", () => {
    const { TABLE_NAME: _, ...withoutTable } = minimal;
    expect(() => loadConfig(withoutTable)).toThrow('TABLE_NAME: is required');
    expect(() => loadConfig({ ...minimal, SMS_MAX_PER_SECOND: '0' })).toThrow(
      'SMS_MAX_PER_SECOND: must be more than 0',
    );
    expect(() => loadConfig({ ...minimal, BULK_CONCURRENCY: '65' })).toThrow(
      'BULK_CONCURRENCY: must be at most 64',
    );
    // Set but wrong is never "is required".
    expect(() => loadConfig({ ...minimal, BULK_CONCURRENCY: '1.5' })).toThrow(
      'BULK_CONCURRENCY: must be a whole number',
    );
    expect(() => loadConfig({ ...minimal, API_KEYS: '{}' })).toThrow('API_KEYS: must be a list');
    expect(() =>
      loadConfig({
        ...minimal,
        API_KEYS: '[{"id":"a b","sha256":"' + 'a'.repeat(64) + '","scopes":["patients:read"]}]',
      }),
    ).toThrow('API_KEYS[0].id: must be 1–64 of A–Z');
  });

  it('rejects API keys that are not JSON, or none at all', () => {
    expect(() => loadConfig({ ...minimal, API_KEYS: 'local-dev-key' })).toThrow(
      'API_KEYS: must be a JSON array',
    );
    expect(() => loadConfig({ ...minimal, API_KEYS: '[]' })).toThrow('at least one key');
  });
});

describe('the configuration table of the README', () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Layout'));
  const documented = [...section.matchAll(/^\| `([A-Z_0-9]+)` +\|/gm)].map(([, name]) => name!);
  const stack = parse(readFileSync('serverless.yml', 'utf8'), { logLevel: 'silent' }) as {
    provider: { environment: Record<string, unknown> };
    functions: Record<string, { environment?: Record<string, unknown> }>;
  };
  const passed = [
    ...Object.keys(stack.provider.environment),
    ...Object.values(stack.functions).flatMap((f) => Object.keys(f.environment ?? {})),
  ].filter((name) => name !== 'NODE_OPTIONS');
  const serverlessReads = [...readFileSync('serverless.yml', 'utf8').matchAll(/\$\{env:([A-Z_0-9]+)/g)].map(
    ([, name]) => name!,
  );
  const scriptsRead = readdirSync('scripts', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(`scripts/${file}`, 'utf8'))
    .flatMap((text) => [...text.matchAll(/process\.env\.([A-Z_0-9]+)/g)].map(([, name]) => name!));

  it('lists every variable the functions read', () => {
    expect(configVariables().filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('is passed to the functions by serverless.yml, each variable they read but the region Lambda sets', () => {
    expect(passed.filter((name) => !configVariables().includes(name))).toEqual([]);
    expect(configVariables().filter((name) => name !== 'AWS_REGION' && !passed.includes(name))).toEqual([]);
  });

  it('documents nothing that nothing reads', () => {
    const read = new Set([...configVariables(), ...serverlessReads, ...scriptsRead]);
    expect(documented.filter((name) => !read.has(name))).toEqual([]);
  });

  it('has .env.example name only documented variables', () => {
    const example = [...readFileSync('.env.example', 'utf8').matchAll(/^# ([A-Z_0-9]+)=/gm)].map(
      ([, name]) => name!,
    );
    expect(example.length).toBeGreaterThan(5);
    expect(example.filter((name) => !documented.includes(name))).toEqual([]);
  });
});
