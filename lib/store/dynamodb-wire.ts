import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

// DynamoDB's JSON on the wire, and the document form the store writes and reads: every attribute value
// marshalled on the way out and unmarshalled on the way in, binary values in base64.

/** An item, a key or a request in the document form: plain values, as the SDK's document client takes them. */
export type Item = Record<string, unknown>;

/** DynamoDB's attribute values in and out, as the SDK's document client does: an unset optional field is left out. */
const toDynamo = (item: unknown) => marshall(item as Item, { removeUndefinedValues: true });
export const fromDynamo = (item: unknown) => unmarshall(binaryRead(item) as Parameters<typeof unmarshall>[0]);

/** Binary values travel in base64 (`B`, `BS`): read back as bytes, as the SDK's client does. */
function binaryRead(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(binaryRead);
  const { B: bytes, BS: byteSets } = value as { B?: unknown; BS?: unknown };
  if (typeof bytes === 'string') return { B: new Uint8Array(Buffer.from(bytes, 'base64')) };
  if (Array.isArray(byteSets))
    return { BS: byteSets.map((b: string) => new Uint8Array(Buffer.from(b, 'base64'))) };
  return mapValues(value as Record<string, unknown>, binaryRead);
}

/** The request's JSON, its bytes (a Uint8Array or Buffer, before Buffer's own toJSON) in base64. */
export function binaryWritten(this: Record<string, unknown>, key: string, value: unknown) {
  const raw = this[key];
  return raw instanceof Uint8Array
    ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64')
    : value;
}
const mapValues = <T, U>(record: Record<string, T>, to: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, to(value)]));

type BatchWrite = { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } };
type BatchGet = { Keys?: Item[] } & Item;

/** The request in DynamoDB's JSON: its items, keys and values marshalled; a page key goes as given. */
export function marshallInput(input: Item): Item {
  const { Item: item, Key: key, ExpressionAttributeValues: values, RequestItems: requests } = input;
  const wire = { ...input };
  if (item) wire.Item = toDynamo(item);
  if (key) wire.Key = toDynamo(key);
  if (values) wire.ExpressionAttributeValues = toDynamo(values);
  if (requests)
    wire.RequestItems = mapValues(requests as Record<string, BatchGet | BatchWrite[]>, (request) =>
      Array.isArray(request) ? request.map(batchWrite(toDynamo)) : batchGet(request, toDynamo),
    );
  return wire;
}

/** The answer in the document form: items, attributes and unprocessed work unmarshalled; a page key as DynamoDB gave it. */
export function unmarshallOutput(output: Item): Item {
  const { Item: item, Items: items, Attributes: attributes, Responses: responses } = output;
  const { UnprocessedKeys: keys, UnprocessedItems: writes } = output;
  const plain = { ...output };
  if (item) plain.Item = fromDynamo(item);
  if (attributes) plain.Attributes = fromDynamo(attributes);
  if (items) plain.Items = (items as Item[]).map(fromDynamo);
  if (responses)
    plain.Responses = mapValues(responses as Record<string, Item[]>, (found) => found.map(fromDynamo));
  if (keys)
    plain.UnprocessedKeys = mapValues(keys as Record<string, BatchGet>, (get) => batchGet(get, fromDynamo));
  if (writes)
    plain.UnprocessedItems = mapValues(writes as Record<string, BatchWrite[]>, (all) =>
      all.map(batchWrite(fromDynamo)),
    );
  return plain;
}

const batchGet = (request: BatchGet, to: (item: unknown) => Item) => ({
  ...request,
  ...(request.Keys && { Keys: request.Keys.map(to) }),
});
const batchWrite =
  (to: (item: unknown) => Item) =>
  ({ PutRequest: put, DeleteRequest: remove }: BatchWrite): BatchWrite => ({
    ...(put && { PutRequest: { Item: to(put.Item) } }),
    ...(remove && { DeleteRequest: { Key: to(remove.Key) } }),
  });
