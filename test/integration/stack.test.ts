/* eslint-disable @typescript-eslint/no-explicit-any -- a CloudFormation template is untyped JSON */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// `serverless package --stage prod` must work with no AWS credentials; its CloudFormation template is
// then read for the properties a security review asks about.

type Resource = { Type: string; Properties: Record<string, any> };
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const statementsOf = (roleId: string) =>
  resources[roleId]!.Properties.Policies[0].PolicyDocument.Statement as any[];

const EXPECTED_ACCESS: Record<string, string[]> = {
  Index: [],
  NotFound: [],
  Health: ['dynamodb:GetItem'],
  CreatePatient: ['dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:PutItem'],
  GetPatient: ['dynamodb:GetItem', 'dynamodb:PutItem'],
  ListAppointments: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
  WritePreferences: ['dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:PutItem'],
  SendReminder: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'ses:SendEmail', 'sns:Publish'],
  SendBulkReminders: [
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'ses:SendEmail',
    'sns:Publish',
  ],
  CheReminder: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'ses:SendEmail', 'sns:Publish'],
};

beforeAll(() => {
  const out = mkdtempSync(join(tmpdir(), 'stack-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  execFileSync('node_modules/.bin/serverless', ['package', '--stage', 'prod', '--package', out], {
    env: { ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: 'pipe',
  });
  resources = JSON.parse(
    readFileSync(join(out, 'cloudformation-template-update-stack.json'), 'utf8'),
  ).Resources;
}, 120_000);

describe('the prod stack (serverless package, no AWS credentials)', () => {
  it('runs every function on nodejs22.x, each with a role of its own', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.map(([id]) => id.replace('LambdaFunction', '')).sort()).toEqual(
      Object.keys(EXPECTED_ACCESS).sort(),
    );
    const roles = functions.map(([, f]) => f.Properties.Role['Fn::GetAtt'][0]);
    expect(new Set(roles).size).toBe(functions.length);
    for (const [, f] of functions) expect(f.Properties.Runtime).toBe('nodejs22.x');
  });

  it('grants each function only the actions its code performs, on the table alone', () => {
    for (const [name, expected] of Object.entries(EXPECTED_ACCESS)) {
      const statements = statementsOf(`${name}IamRoleLambdaExecution`);
      const [logs, ...rest] = statements;
      expect(logs.Action.every((a: string) => a.startsWith('logs:'))).toBe(true);
      expect(rest.flatMap((s) => s.Action).sort(), name).toEqual(expected);
      for (const s of rest.filter((s) => s.Action.some((a: string) => a.startsWith('dynamodb:')))) {
        expect(s.Resource).toEqual({ 'Fn::GetAtt': ['PatientsTable', 'Arn'] });
      }
    }
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

  it('keeps logs for a set period', () => {
    const groups = ofType('AWS::Logs::LogGroup');
    expect(groups).toHaveLength(Object.keys(EXPECTED_ACCESS).length);
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

  it('reads API keys, the cursor secret and the sender address from SSM: no key material in the template', () => {
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
      expect(f.Properties.Environment.Variables.DYNAMODB_ENDPOINT).toBe('');
    }
    expect(template).not.toMatch(/[0-9a-f]{64}/);
  });
});
