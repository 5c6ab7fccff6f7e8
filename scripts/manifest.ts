import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

// The functions serverless.yml declares, read as the local commands and the tests need them.

interface FunctionDefinition {
  handler: string;
  /** HTTP routes, or the events of a non-HTTP function (schedule, sqs, sns). */
  events: { httpApi?: string | { method: string; path: string } }[];
}

export const manifest = parse(readFileSync('serverless.yml', 'utf8'), {
  // CloudFormation's short forms are plain strings here: nothing reads what they resolve to.
  customTags: ['!GetAtt', '!Sub', '!Ref'].map((tag) => ({ tag, resolve: (s: string) => s })),
}) as { functions: Record<string, FunctionDefinition>; params: Record<string, Record<string, string>> };

export const functions = manifest.functions;

/** The routes (`GET /health`) of function `name`; empty for a function no HTTP request reaches. */
export const routesOf = (name: string): string[] =>
  (functions[name]?.events ?? []).flatMap(({ httpApi: route }) =>
    route === undefined ? [] : [typeof route === 'string' ? route : `${route.method} ${route.path}`],
  );
