/* eslint-disable @typescript-eslint/no-explicit-any -- a CloudFormation template is untyped JSON */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_NAMES } from '../../lib/metrics.ts';
import { tableDefinition } from '../../lib/store/table.ts';

// `serverless package --stage prod` must work with no AWS credentials; its CloudFormation template is
// then read for the properties a security review asks about.

type Resource = { Type: string; Properties: Record<string, any> };
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The statement every role inherits to send traces, and nothing else. */
const isTracing = (statement: { Action: string[]; Resource: unknown }) =>
  JSON.stringify(statement.Action) === '["xray:PutTraceSegments","xray:PutTelemetryRecords"]' &&
  statement.Resource === '*';
const statementsOf = (roleId: string) =>
  resources[roleId]!.Properties.Policies[0].PolicyDocument.Statement as any[];

const REMINDER_ACCESS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
  // A sandbox's simulated provider hands its receipts and answers to the receipts and inbound functions.
  'lambda:InvokeFunction',
  'ses:SendEmail',
  'sms-voice:SendTextMessage',
];
const EXPECTED_ACCESS: Record<string, string[]> = {
  Index: [],
  NotFound: [],
  Health: ['dynamodb:GetItem'],
  CreatePatient: ['dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:PutItem'],
  GetPatient: ['dynamodb:GetItem', 'dynamodb:PutItem'],
  ListAppointments: ['dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
  WritePreferences: ['dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:PutItem'],
  SendReminder: REMINDER_ACCESS,
  SendBulkReminders: REMINDER_ACCESS,
  CheReminder: REMINDER_ACCESS,
  RemindDue: [...REMINDER_ACCESS, 'dynamodb:Query', 'sqs:SendMessage'].sort(),
  // The SQS event source reads and deletes the work messages with the function's own role.
  RemindDueWorker: [
    ...REMINDER_ACCESS,
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
    'sqs:ReceiveMessage',
  ].sort(),
};
/** Each function's DynamoDB statements name the table, or one index of it by name. */
const TABLE = { 'Fn::GetAtt': ['PatientsTable', 'Arn'] };
const tableIndex = (name: string) => ({ 'Fn::Sub': `\${PatientsTable.Arn}/index/${name}` });
// Receipts read the reminder's owner and the ledger, and write the ledger back.
// What the asynchronous event consumers could not handle after Lambda's retries goes to their DLQ.
EXPECTED_ACCESS.Receipts = ['dynamodb:GetItem', 'dynamodb:PutItem', 'sqs:SendMessage'];
// The feed creates patients as the create endpoint does, counts upcoming appointments, and takes its queue.
EXPECTED_ACCESS.Feed = [
  'dynamodb:BatchWriteItem',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
  'sqs:ReceiveMessage',
];
/** The one queue each SQS-consuming or -sending function may touch. */
const QUEUE_OF: Record<string, string[]> = {
  RemindDue: ['ReminderWorkQueue'],
  RemindDueWorker: ['ReminderWorkQueue'],
  Feed: ['FeedQueue'],
  Receipts: ['EventsDeadLetters'],
  InboundSms: ['EhrOutboundQueue', 'EventsDeadLetters'],
};
const mappingOf = (functionId: string) =>
  ofType('AWS::Lambda::EventSourceMapping').find(
    ([, m]) => m.Properties.FunctionName['Fn::GetAtt'][0] === `${functionId}LambdaFunction`,
  )![1];
// A reply finds the patients with its number, reads their partitions and newest preferences, writes
// new versions or the answer into the ledger; the acknowledgement goes by SMS, the answer to the EHR's
// encrypted queue, a free-text reply to the one Bedrock model when chosen.
EXPECTED_ACCESS.InboundSms = [
  'bedrock:InvokeModel',
  'dynamodb:BatchWriteItem',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
  'kms:Decrypt',
  'kms:GenerateDataKey',
  'lambda:InvokeFunction',
  'sms-voice:SendTextMessage',
  'sqs:SendMessage',
  'sqs:SendMessage',
];
const SENDING = ['SendReminder', 'SendBulkReminders', 'CheReminder', 'RemindDue', 'RemindDueWorker'];

const out = mkdtempSync(join(tmpdir(), 'stack-'));
const WORK_FOLDER = '.esbuild-stack';

beforeAll(() => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  execFileSync('node_modules/.bin/serverless', ['package', '--stage', 'prod', '--package', out], {
    env: {
      ...env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Packaging empties its esbuild folder when done: never the one a running service loads from.
      ESBUILD_WORK_FOLDER: WORK_FOLDER,
    },
    stdio: 'pipe',
  });
  resources = JSON.parse(
    readFileSync(join(out, 'cloudformation-template-update-stack.json'), 'utf8'),
  ).Resources;
}, 120_000);

afterAll(() => {
  for (const folder of [out, WORK_FOLDER]) rmSync(folder, { recursive: true, force: true });
});

describe('the prod stack (serverless package, no AWS credentials)', () => {
  it('has no role that no function uses, and traces every function with X-Ray', () => {
    const used = ofType('AWS::Lambda::Function').map(([, f]) => f.Properties.Role['Fn::GetAtt'][0]);
    expect(
      ofType('AWS::IAM::Role')
        .map(([id]) => id)
        .sort(),
    ).toEqual([...used].sort());
    for (const [id, f] of ofType('AWS::Lambda::Function'))
      expect(f.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
  });

  it('keeps the table and its key when the stack goes, and lets audit entries expire by TTL', () => {
    for (const id of ['PatientsTable', 'TableKey'])
      expect(resources[id], id).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(resources.PatientsTable!.Properties.TimeToLiveSpecification).toEqual({
      AttributeName: 'expiresAt',
      Enabled: true,
    });
  });

  it('logs every API request without bodies or query strings, and keeps the deployment bucket private and versioned', () => {
    const stage = resources.HttpApiStage!.Properties.AccessLogSettings;
    const fields = JSON.parse(stage.Format) as Record<string, string>;
    expect(Object.values(fields)).toEqual(
      expect.arrayContaining(['$context.requestId', '$context.integration.requestId', '$context.status']),
    );
    expect(stage.Format).not.toMatch(/requestBody|querystring|\$input|\$request/i);
    expect(resources.HttpApiLogGroup!.Properties.RetentionInDays).toBeGreaterThan(0);
    expect(resources.ServerlessDeploymentBucket!.Properties).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [expect.anything()] },
    });
  });

  it('alarms the on-call topic on dead letters, missed reminders, failing deliveries, throttles and 5xx', () => {
    const alarms = Object.fromEntries(ofType('AWS::CloudWatch::Alarm'));
    expect(Object.keys(alarms).sort()).toEqual([
      'EhrOutboundAgeAlarm',
      'EhrOutboundDeadLettersAlarm',
      'EventsDeadLettersAlarm',
      'FailedDeliveriesAlarm',
      'FeedDeadLettersAlarm',
      'MissedRemindersAlarm',
      'ReminderWorkDeadLettersAlarm',
      'ServerErrorsAlarm',
      'ThrottlesAlarm',
    ]);
    for (const [id, alarm] of Object.entries(alarms))
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: 'AlarmTopic' }]);
  });

  it('alarms on the metrics the code counts, in the namespace the functions count them in, not on log text', () => {
    expect(ofType('AWS::Logs::MetricFilter')).toEqual([]);
    for (const [id, f] of ofType('AWS::Lambda::Function'))
      expect(f.Properties.Environment.Variables.METRICS_NAMESPACE, id).toBe('ClinicalAssistant/prod');
    // Each custom metric an alarm reads is one the code counts, and its total: without a dimension.
    const read = ofType('AWS::CloudWatch::Alarm').flatMap(([id, { Properties: alarm }]) => [
      ...(alarm.MetricName ? [[id, alarm]] : []),
      ...(alarm.Metrics ?? []).flatMap((m: any) => (m.MetricStat ? [[id, m.MetricStat.Metric]] : [])),
    ]);
    const ours = read.filter(([, metric]) => !String(metric.Namespace).startsWith('AWS/'));
    expect(ours.map(([id, metric]) => [id, metric.MetricName]).sort()).toEqual([
      ['FailedDeliveriesAlarm', 'DeliveredReminders'],
      ['FailedDeliveriesAlarm', 'FailedReminders'],
      ['MissedRemindersAlarm', 'MissedReminders'],
    ]);
    for (const [id, metric] of ours) {
      expect(METRIC_NAMES, id).toContain(metric.MetricName);
      expect(metric, id).toMatchObject({ Namespace: 'ClinicalAssistant/prod' });
      expect(metric.Dimensions ?? [], id).toEqual([]);
    }
    // An hour of failures without one delivery has no `delivered` value to add: both are filled with 0.
    const share = resources.FailedDeliveriesAlarm!.Properties.Metrics.find((m: any) => m.ReturnData);
    expect(share.Expression).toBe('IF(failures + deliveries >= 10, failures / (failures + deliveries), 0)');
    expect(
      resources
        .FailedDeliveriesAlarm!.Properties.Metrics.filter((m: any) => m.Expression?.startsWith('FILL'))
        .map((m: any) => [m.Id, m.Expression]),
    ).toEqual([
      ['failures', 'FILL(failed, 0)'],
      ['deliveries', 'FILL(delivered, 0)'],
    ]);
  });

  it('runs every function on nodejs24.x, each with a role of its own', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.map(([id]) => id.replace('LambdaFunction', '')).sort()).toEqual(
      Object.keys(EXPECTED_ACCESS).sort(),
    );
    const roles = functions.map(([, f]) => f.Properties.Role['Fn::GetAtt'][0]);
    expect(new Set(roles).size).toBe(functions.length);
    for (const [, f] of functions) expect(f.Properties.Runtime).toBe('nodejs24.x');
  });

  it('grants each function only the actions its code performs, on the table alone', () => {
    for (const [name, expected] of Object.entries(EXPECTED_ACCESS)) {
      const statements = statementsOf(`${name}IamRoleLambdaExecution`);
      const [logs, ...others] = statements;
      expect(logs.Action.every((a: string) => a.startsWith('logs:'))).toBe(true);
      expect(others.filter(isTracing), name).toHaveLength(1);
      const rest = others.filter((s) => !isTracing(s));
      expect(rest.flatMap((s) => s.Action).sort(), name).toEqual(expected);
      for (const s of rest.filter((s) => s.Action.some((a: string) => a.startsWith('dynamodb:')))) {
        expect([TABLE, tableIndex('ByStart'), tableIndex('Due'), tableIndex('ByPhone')], name).toContainEqual(
          s.Resource,
        );
      }
      for (const s of rest.filter((s) => s.Action.some((a: string) => a.startsWith('sqs:')))) {
        expect(
          QUEUE_OF[name]!.map((queue) => ({ 'Fn::GetAtt': [queue, 'Arn'] })),
          name,
        ).toContainEqual([s.Resource].flat()[0]);
      }
    }
  });

  it('lets reminders send SMS only from our number through our configuration set, and email only from our sender through ours', () => {
    for (const name of SENDING) {
      const statements = statementsOf(`${name}IamRoleLambdaExecution`);
      expect(statements.find((s) => s.Action.includes('sms-voice:SendTextMessage'))?.Resource).toEqual([
        { 'Fn::Sub': '{{resolve:ssm:/clinical-assistant/prod/sms-origination-identity}}' },
        { 'Fn::GetAtt': ['SmsConfigurationSet', 'Arn'] },
      ]);
      const email = statements.find((s) => s.Action.includes('ses:SendEmail'));
      expect(email.Resource).toContainEqual({
        'Fn::Sub':
          'arn:${AWS::Partition}:ses:${AWS::Region}:${AWS::AccountId}:configuration-set/${EmailConfigurationSet}',
      });
      expect(email.Condition).toEqual({
        StringEquals: { 'ses:FromAddress': ['{{resolve:ssm:/clinical-assistant/prod/email-from}}'] },
      });
      // A sandbox's events go to the receipts and inbound functions of this stage, and nowhere else.
      expect(statements.find((s) => s.Action.includes('lambda:InvokeFunction'))?.Resource).toEqual(
        ['receipts', 'inboundSms'].map((name) => ({
          'Fn::Sub': `arn:\${AWS::Partition}:lambda:\${AWS::Region}:\${AWS::AccountId}:function:clinical-assistant-api-prod-${name}`,
        })),
      );
    }
    for (const name of Object.keys(EXPECTED_ACCESS)) {
      const [, ...granted] = statementsOf(`${name}IamRoleLambdaExecution`);
      // X-Ray's two actions take no resource but '*': the one exception.
      for (const s of granted.filter((s) => !isTracing(s)))
        expect([s.Resource].flat(), name).not.toContain('*');
    }
  });

  it('sends every delivery event of both configuration sets to an encrypted topic only their service may publish to', () => {
    expect(resources.SmsConfigurationSet!.Properties).toEqual({
      ConfigurationSetName: 'clinical-assistant-prod',
      EventDestinations: [
        {
          EventDestinationName: 'receipts',
          Enabled: true,
          MatchingEventTypes: ['TEXT_ALL'],
          SnsDestination: { TopicArn: { Ref: 'SmsEventsTopic' } },
        },
      ],
    });
    expect(resources.EmailReceipts!.Properties).toEqual({
      ConfigurationSetName: { Ref: 'EmailConfigurationSet' },
      EventDestination: {
        Name: 'receipts',
        Enabled: true,
        MatchingEventTypes: [
          'send',
          'delivery',
          'bounce',
          'complaint',
          'reject',
          'renderingFailure',
          'deliveryDelay',
        ],
        SnsDestination: { TopicARN: { Ref: 'EmailEventsTopic' } },
      },
    });
    for (const topic of ['SmsEventsTopic', 'EmailEventsTopic', 'InboundSmsTopic'])
      expect(resources[topic]!.Properties.KmsMasterKeyId).toEqual({ Ref: 'MessagingKey' });
    const key = resources.MessagingKey!.Properties;
    expect(key.EnableKeyRotation).toBe(true);
    expect(key.KeyPolicy.Statement[1]).toMatchObject({
      Principal: { Service: ['sms-voice.amazonaws.com', 'ses.amazonaws.com'] },
      Action: ['kms:GenerateDataKey*', 'kms:Decrypt'],
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    const publishers = ofType('AWS::SNS::TopicPolicy').flatMap(([, policy]) =>
      policy.Properties.PolicyDocument.Statement.map((s: any) => [
        s.Principal.Service,
        s.Resource,
        s.Condition,
      ]),
    );
    const sameAccount = { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } };
    expect(publishers).toEqual([
      ['sms-voice.amazonaws.com', [{ Ref: 'SmsEventsTopic' }, { Ref: 'InboundSmsTopic' }], sameAccount],
      ['ses.amazonaws.com', { Ref: 'EmailEventsTopic' }, sameAccount],
    ]);
  });

  it('encrypts the table with a customer-managed, rotating KMS key, with PITR and deletion protection', () => {
    const table = resources.PatientsTable!.Properties;
    expect(table.SSESpecification).toEqual({
      SSEEnabled: true,
      SSEType: 'KMS',
      KMSMasterKeyId: { 'Fn::GetAtt': ['TableKey', 'Arn'] },
    });
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.DeletionProtectionEnabled).toBe(true);
    expect(resources.TableKey).toMatchObject({
      Type: 'AWS::KMS::Key',
      Properties: { EnableKeyRotation: true },
    });
  });

  it('reads the due index in the scheduled run, and appointments by start only in the listing', () => {
    const reads = (name: string) =>
      statementsOf(`${name}IamRoleLambdaExecution`).filter((s) => s.Action.includes('dynamodb:Query'));
    expect(reads('RemindDue').map((s) => s.Resource)).toContainEqual(tableIndex('Due'));
    expect(reads('ListAppointments').map((s) => s.Resource)).toEqual([tableIndex('ByStart')]);
  });

  it('gives the table the indexes of lib/store/table.ts: appointments by start, and the sparse due index', () => {
    const table = resources.PatientsTable!.Properties;
    const expected = tableDefinition('unused');
    expect(table.AttributeDefinitions).toEqual(expected.AttributeDefinitions);
    expect(table.KeySchema).toEqual(expected.KeySchema);
    expect(table.LocalSecondaryIndexes).toEqual(expected.LocalSecondaryIndexes);
    expect(table.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
  });

  it('runs the due reminders on a schedule, and fans large runs out over a queue with a dead-letter queue', () => {
    const [[, rule]] = ofType('AWS::Events::Rule') as [[string, Resource]];
    expect(rule.Properties).toMatchObject({ ScheduleExpression: 'rate(15 minutes)', State: 'ENABLED' });
    expect(rule.Properties.Targets[0].Arn).toEqual({ 'Fn::GetAtt': ['RemindDueLambdaFunction', 'Arn'] });

    expect(mappingOf('RemindDueWorker').Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': ['ReminderWorkQueue', 'Arn'] },
      FunctionName: { 'Fn::GetAtt': ['RemindDueWorkerLambdaFunction', 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const worker = resources.RemindDueWorkerLambdaFunction!.Properties;
    const queue = resources.ReminderWorkQueue!.Properties;
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(6 * worker.Timeout);
    expect(queue.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': ['ReminderWorkDeadLetters', 'Arn'] },
      maxReceiveCount: 5,
    });
    for (const id of ['ReminderWorkQueue', 'ReminderWorkDeadLetters'])
      expect(resources[id]!.Properties.KmsMasterKeyId).toBeDefined();
    // The workers' share of the provider's rate is SMS_MAX_PER_SECOND / REMINDER_WORKERS.
    expect(worker.ReservedConcurrentExecutions).toBe(Number(worker.Environment.Variables.REMINDER_WORKERS));
    expect(resources.RemindDueLambdaFunction!.Properties.Environment.Variables.REMINDER_QUEUE_URL).toEqual({
      Ref: 'ReminderWorkQueue',
    });
    expect(resources.ReminderWorkDeadLettersAlarm!.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 0,
    });
  });

  it('takes the FHIR feed from its own encrypted queue: partial batch failures, and a dead-letter queue after five receives', () => {
    expect(mappingOf('Feed').Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': ['FeedQueue', 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const feed = resources.FeedLambdaFunction!.Properties;
    const queue = resources.FeedQueue!.Properties;
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(6 * feed.Timeout);
    expect(queue.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': ['FeedDeadLetters', 'Arn'] },
      maxReceiveCount: 5,
    });
    for (const id of ['FeedQueue', 'FeedDeadLetters'])
      expect(resources[id]!.Properties.KmsMasterKeyId).toBeDefined();
    expect(feed.Environment.Variables.MRN_SYSTEM).toBe('urn:clinical-assistant:mrn');
    expect(resources.FeedDeadLettersAlarm!.Properties.Dimensions).toEqual([
      { Name: 'QueueName', Value: { 'Fn::GetAtt': ['FeedDeadLetters', 'QueueName'] } },
    ]);
  });

  it('stops an HTTP function after 10 s, well inside the 30 s API Gateway waits', () => {
    for (const name of ['CreatePatient', 'GetPatient', 'SendReminder', 'CheReminder'])
      expect(resources[`${name}LambdaFunction`]!.Properties.Timeout, name).toBe(10);
  });

  it('keeps delivery events and replies that failed after retries in a dead-letter queue', () => {
    const configs = ofType('AWS::Lambda::EventInvokeConfig').map(([, c]) => c.Properties);
    expect(configs.map((c) => [c.FunctionName.Ref, c.DestinationConfig.OnFailure.Destination])).toEqual(
      expect.arrayContaining([
        ['ReceiptsLambdaFunction', { 'Fn::GetAtt': ['EventsDeadLetters', 'Arn'] }],
        ['InboundSmsLambdaFunction', { 'Fn::GetAtt': ['EventsDeadLetters', 'Arn'] }],
      ]),
    );
    expect(resources.EventsDeadLetters!.Properties.KmsMasterKeyId).toBeDefined();
  });

  it("writes patients' answers to the EHR's queue, encrypted with the messaging key, with a dead-letter queue, and invokes one Bedrock model at most", () => {
    const queue = resources.EhrOutboundQueue!.Properties;
    expect(queue.KmsMasterKeyId).toEqual({ Ref: 'MessagingKey' });
    expect(queue.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': ['EhrOutboundDeadLetters', 'Arn'] },
      maxReceiveCount: 5,
    });
    expect(resources.EhrOutboundDeadLetters!.Properties.KmsMasterKeyId).toEqual({ Ref: 'MessagingKey' });
    const statements = statementsOf('InboundSmsIamRoleLambdaExecution');
    expect(statements.find((s) => s.Action.includes('bedrock:InvokeModel'))?.Resource).toEqual({
      'Fn::Sub': 'arn:${AWS::Partition}:bedrock:${AWS::Region}::foundation-model/amazon.nova-micro-v1:0',
    });
    expect(statements.find((s) => s.Action.includes('kms:GenerateDataKey'))?.Resource).toEqual({
      'Fn::GetAtt': ['MessagingKey', 'Arn'],
    });
    const inbound = resources.InboundSmsLambdaFunction!.Properties.Environment.Variables;
    expect(inbound.EHR_OUTBOUND_QUEUE_URL).toEqual({ Ref: 'EhrOutboundQueue' });
    expect(inbound.REPLY_MODEL).toBe('embedded');
  });

  it("hands the patients' SMS replies to the inbound function, which reads the phone index", () => {
    const topics = ofType('AWS::SNS::Subscription')
      .filter(([, sub]) => JSON.stringify(sub.Properties.Endpoint).includes('InboundSmsLambdaFunction'))
      .map(([, sub]) => sub.Properties.TopicArn);
    expect(topics).toEqual([{ Ref: 'InboundSmsTopic' }]);
    const queries = statementsOf('InboundSmsIamRoleLambdaExecution').filter((s) =>
      s.Action.includes('dynamodb:Query'),
    );
    expect(queries.map((s) => s.Resource)).toEqual([TABLE, tableIndex('ByPhone')]);
  });

  it('hands every delivery event of both configuration sets to the receipts function', () => {
    const topics = ofType('AWS::SNS::Subscription')
      .filter(([, sub]) => JSON.stringify(sub.Properties.Endpoint).includes('ReceiptsLambdaFunction'))
      .map(([, sub]) => sub.Properties.TopicArn);
    expect(topics).toEqual([{ Ref: 'SmsEventsTopic' }, { Ref: 'EmailEventsTopic' }]);
  });

  it('ships each bundle its source map without the sources, never read at a cold start', async () => {
    // --enable-source-maps would parse the map at every cold start; lib/log.ts reads it with a stack.
    for (const [id, f] of ofType('AWS::Lambda::Function'))
      expect(f.Properties.Environment.Variables.NODE_OPTIONS, id).toBeUndefined();
    const zips = readdirSync(out).filter((file) => file.endsWith('.zip'));
    expect(zips).toHaveLength(ofType('AWS::Lambda::Function').length);
    for (const file of zips) {
      const zip = await JSZip.loadAsync(readFileSync(join(out, file)));
      const mapFile = Object.keys(zip.files).find((name) => name.endsWith('.mjs.map'))!;
      const map = JSON.parse(await zip.file(mapFile)!.async('string'));
      // The sources' text would triple what Node parses before the first answer, for nothing it prints.
      expect(map.sourcesContent, file).toBeUndefined();
      expect(
        map.sources.some((source: string) => source.endsWith('lib/wiring/config.ts')),
        file,
      ).toBe(true);
    }
  });

  it('keeps logs for a set period', () => {
    const groups = ofType('AWS::Logs::LogGroup');
    // One a function, and the API's access log.
    expect(groups).toHaveLength(Object.keys(EXPECTED_ACCESS).length + 1);
    for (const [, group] of groups) expect(group.Properties.RetentionInDays).toBe(90);
  });

  it('throttles the HTTP API and leaves CORS off', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 50,
      ThrottlingBurstLimit: 100,
    });
    for (const [, api] of ofType('AWS::ApiGatewayV2::Api'))
      expect(api.Properties.CorsConfiguration).toBeUndefined();
  });

  it('reads API keys, the cursor secret, the sender address and the SMS number from SSM: no key material in the template', () => {
    const template = JSON.stringify(resources);
    for (const [, f] of ofType('AWS::Lambda::Function')) {
      expect(f.Properties.Environment.Variables.API_KEYS).toBe(
        '{{resolve:ssm:/clinical-assistant/prod/api-keys}}',
      );
      expect(f.Properties.Environment.Variables.CURSOR_SECRET).toBe(
        '{{resolve:ssm:/clinical-assistant/prod/cursor-secret}}',
      );
      expect(f.Properties.Environment.Variables.EMAIL_FROM).toBe(
        '{{resolve:ssm:/clinical-assistant/prod/email-from}}',
      );
      expect(f.Properties.Environment.Variables.SMS_ORIGINATION_IDENTITY).toBe(
        '{{resolve:ssm:/clinical-assistant/prod/sms-origination-identity}}',
      );
      expect(f.Properties.Environment.Variables.DYNAMODB_ENDPOINT).toBe('');
    }
    expect(template).not.toMatch(/[0-9a-f]{64}/);
  });
});

describe("each clinic's senders, as the roles name them", () => {
  const senders = async (clinics: string | undefined) => {
    const saved = process.env.CLINICS;
    if (clinics === undefined) delete process.env.CLINICS;
    else process.env.CLINICS = clinics;
    try {
      return (await (
        await import('../../scripts/clinic-senders.cjs')
      ).default({
        resolveVariable: async () => 'prod',
      })) as { sms: unknown[]; emailFrom: string[] };
    } finally {
      if (saved === undefined) delete process.env.CLINICS;
      else process.env.CLINICS = saved;
    }
  };

  it("are the stage's own (its SSM parameters) for a deployment without clinics, as before", async () => {
    expect(await senders(undefined)).toEqual({
      sms: [
        { 'Fn::Sub': '{{resolve:ssm:/clinical-assistant/prod/sms-origination-identity}}' },
        { 'Fn::GetAtt': ['SmsConfigurationSet', 'Arn'] },
      ],
      emailFrom: ['{{resolve:ssm:/clinical-assistant/prod/email-from}}'],
    });
  });

  it("are each clinic of CLINICS its own, and the stage's for a clinic that gives none", async () => {
    const clinics = JSON.stringify([
      {
        id: 'riverside',
        smsOriginationIdentity: 'arn:aws:sms-voice:eu-west-2:1:phone-number/a',
        emailFrom: 'a@x.org',
      },
      { id: 'hillside', smsOriginationIdentity: 'arn:aws:sms-voice:eu-west-2:1:phone-number/b' },
    ]);
    expect(await senders(clinics)).toEqual({
      sms: [
        { 'Fn::Sub': 'arn:aws:sms-voice:eu-west-2:1:phone-number/a' },
        { 'Fn::Sub': 'arn:aws:sms-voice:eu-west-2:1:phone-number/b' },
        { 'Fn::GetAtt': ['SmsConfigurationSet', 'Arn'] },
      ],
      emailFrom: ['a@x.org', '{{resolve:ssm:/clinical-assistant/prod/email-from}}'],
    });
  });
});
