/** What a patient's SMS reply asks for. Only a whole-message keyword counts; anything else is ignored. */
export type ReplyIntent = 'opt-out' | 'opt-in' | 'help' | 'ignored';

/** The opt-out keywords of the contract: carriers require each to withdraw consent at once. */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT OUT',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

const INTENTS = new Map<string, ReplyIntent>([
  ...OPT_OUT_KEYWORDS.map((keyword) => [keyword, 'opt-out'] as const),
  ...OPT_IN_KEYWORDS.map((keyword) => [keyword, 'opt-in'] as const),
  ['HELP', 'help'],
]);

/**
 * The intent of a reply: a keyword in any case, alone in the message, with any spaces around it or
 * between the words of OPT OUT. Full-width letters count as their plain ones (NFKC), as some phones
 * send them. "please stop texting" is not a keyword.
 */
export function replyIntent(text: string): ReplyIntent {
  const words = text.normalize('NFKC').trim().split(/\s+/).join(' ').toUpperCase();
  return INTENTS.get(words) ?? 'ignored';
}
