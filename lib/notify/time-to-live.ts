/** The range End User Messaging SMS accepts for `TimeToLive`, in seconds (5 s to 72 h). */
const SMS_TTL_SECONDS = { min: 5, max: 72 * 3600 } as const;

/**
 * How long the provider may keep trying to hand an SMS to the carrier: until the appointment starts, never
 * longer than the lead time nor the provider's maximum. `undefined` when less than the provider's minimum
 * is left: such a reminder could arrive after the visit began, so it is not sent.
 */
export function smsTimeToLive({
  now,
  appointmentStart,
  leadHours,
}: {
  now: number;
  appointmentStart: string;
  leadHours: number;
}): number | undefined {
  const untilStart = Math.floor((Date.parse(appointmentStart) - now) / 1000);
  const seconds = Math.min(untilStart, leadHours * 3600, SMS_TTL_SECONDS.max);
  return seconds >= SMS_TTL_SECONDS.min ? seconds : undefined;
}
