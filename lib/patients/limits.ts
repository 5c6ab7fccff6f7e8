// A plain value apart from the schemas: the scheduled run checks its messages against it without
// building the API's request schemas (docs/performance.md).

/** The most appointments a patient has in one request, and in one message of the scheduled run. */
export const MAX_APPOINTMENTS_PER_PATIENT = 100;
