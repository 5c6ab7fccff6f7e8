// Each clinic's senders, for the IAM statements of serverless.yml.
declare function senders(context: {
  resolveVariable(name: string): Promise<string>;
}): Promise<{ sms: unknown[]; emailFrom: string[] }>;
export = senders;
