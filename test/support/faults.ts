import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Input = Record<string, unknown>;

/** Makes every request matching `when` fail as if the process died just before sending it. */
export function crashOn(db: DynamoDBDocumentClient, when: (command: string, input: Input) => boolean) {
  const seen: Input[] = [];
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (when(context.commandName ?? '', args.input as Input)) {
        seen.push(args.input as Input);
        throw Object.assign(new Error('simulated crash'), { name: 'SimulatedCrash' });
      }
      return next(args);
    },
    { step: 'initialize', name: 'simulatedCrash' },
  );
  return seen;
}

/** Has DynamoDB leave the second half of every first BatchWriteItem unprocessed, as when throttled. */
export function throttleBatchWrites(db: DynamoDBDocumentClient) {
  const calls = { batches: 0, withheld: 0 };
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'BatchWriteItemCommand') return next(args);
      calls.batches++;
      const input = args.input as { RequestItems: Record<string, unknown[]> };
      const [table, requests] = Object.entries(input.RequestItems)[0] ?? ['', []];
      if (calls.batches % 2 === 0 || requests.length < 2) return next(args);
      const kept = requests.slice(0, Math.ceil(requests.length / 2));
      const withheld = requests.slice(kept.length);
      calls.withheld += withheld.length;
      const result = await next({ ...args, input: { ...input, RequestItems: { [table]: kept } } });
      const output = result.output as { UnprocessedItems?: Record<string, unknown[]> };
      output.UnprocessedItems = { [table]: [...(output.UnprocessedItems?.[table] ?? []), ...withheld] };
      return result;
    },
    { step: 'initialize', name: 'throttledBatchWrite' },
  );
  return calls;
}

export const writesProfile = (command: string, input: Input) =>
  command === 'PutItemCommand' && (input.Item as Input | undefined)?.SK === 'PROFILE';
export const writesAppointments = (command: string) => command === 'BatchWriteItemCommand';

/** Has DynamoDB leave unprocessed, on every attempt, each put whose item matches `when`. */
export function neverProcess(db: DynamoDBDocumentClient, when: (item: Input) => boolean) {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'BatchWriteItemCommand') return next(args);
      const input = args.input as { RequestItems: Record<string, { PutRequest: { Item: Input } }[]> };
      const [table, requests] = Object.entries(input.RequestItems)[0] ?? ['', []];
      const refused = requests.filter((r) => when(r.PutRequest.Item));
      const kept = requests.filter((r) => !when(r.PutRequest.Item));
      const result = kept.length
        ? await next({ ...args, input: { ...input, RequestItems: { [table]: kept } } })
        : { output: { $metadata: {} }, response: {} };
      (result.output as { UnprocessedItems?: unknown }).UnprocessedItems = refused.length
        ? { [table]: refused }
        : {};
      return result;
    },
    { step: 'initialize', name: 'neverProcessed' },
  );
}
