/** An End User Messaging SMS delivery event as its configuration set publishes it (fictional). */
export function smsEvent(eventType: string, overrides: Record<string, unknown> = {}) {
  return {
    eventType,
    eventVersion: '1.0',
    eventTimestamp: 1764581400470,
    isFinal: true,
    originationPhoneNumber: '+447700900000',
    destinationPhoneNumber: '+447700900123',
    isInternationalSend: false,
    isoCountryCode: 'GB',
    mcc: '234',
    mnc: '10',
    messageId: '0f3c9a52-7d41-4e8b-9c16-2a5e8b7d4c31',
    messageRequestTimestamp: 1764581400170,
    messageEncoding: 'GSM',
    messageType: 'TRANSACTIONAL',
    messageStatus: eventType.replace('TEXT_', ''),
    messageStatusDescription: 'Fictional description from the carrier',
    context: { reminderId: '9c41e2d7-7b3a-8f10-a2c4-5e6f7a8b9c0d' },
    totalMessageParts: 1,
    totalMessagePrice: 0.0395,
    totalCarrierFee: 0,
    ...overrides,
  };
}
