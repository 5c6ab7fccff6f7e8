import { toApiTimestamp } from '../time.ts';
import { type ReminderDeps, remind } from './reminders.ts';
import type { CheReminderRequest } from './schema.ts';

/**
 * The deterministic single-patient CHE reminder orchestration: the same stored state, input and `now`
 * give the same answer, byte for byte, with every step of the decision traced.
 */
export async function runCheOrchestration(
  deps: ReminderDeps,
  request: CheReminderRequest,
  clock: () => number = Date.now,
) {
  const now = request.now === undefined ? clock() : Date.parse(request.now);
  const outcome = await remind(
    deps,
    request.patientId,
    { choose: { withinHours: request.windowHours } },
    { dryRun: request.dryRun, now },
  );
  const { decision } = outcome;
  const reason =
    decision.kind === 'skip'
      ? decision.reason
      : decision.kind === 'duplicate'
        ? 'already_reminded'
        : undefined;
  return {
    patientId: request.patientId,
    now: toApiTimestamp(now),
    decision: outcome.result === 'sent' || outcome.result === 'planned' ? outcome.result : 'skipped',
    ...(reason && { reason }),
    ...(decision.appointment && { appointment: decision.appointment }),
    ...(decision.channel && { channel: decision.channel }),
    reminder: outcome.reminder,
    steps: decision.steps,
  };
}
