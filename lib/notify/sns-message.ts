/** The JSON an SNS message carries, or `undefined` when it carries something else. */
export function parseSnsMessage(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
