import type { Intent } from '../../reminders/answers.ts';

/** What a model made of a reply: its intent, and how sure it is (0–1), below its threshold `unclear`. */
export interface ModelReading {
  intent: Intent;
  confidence: number;
  /** Not read as an opt-out, yet a stop is too likely for the reply to be answered by text: a person asks. */
  possibleStop?: true;
}

/**
 * The port of the reply-understanding model, the last layer after keywords and answer codes; adapters:
 * the embedded classifier (default) and Amazon Bedrock. Only the reply's text is ever given to it.
 */
export interface ReplyModel {
  read(text: string): Promise<ModelReading>;
}
