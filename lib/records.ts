/**
 * Only the record's own fields, in one fixed order, so that equal records serialise to equal bytes
 * whatever order a store kept their attributes in (DynamoDB keeps none).
 */
export function inFieldOrder<T>(source: object, fields: readonly (keyof T & string)[]): T {
  const values = source as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => values[f] !== undefined).map((f) => [f, values[f]])) as T;
}
