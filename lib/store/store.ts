import type { AuditRecords } from '../audit/audit.ts';
import type { StoreHealth } from '../health.ts';
import type { AppointmentListing } from '../listing/model.ts';
import type { OutboxRecords } from '../notify/model.ts';
import type { PatientRecords } from '../patients/records.ts';
import type { PreferenceRecords, SmsConsentRecords } from '../preferences/records.ts';
import type { ReminderRecords } from '../reminders/records.ts';

/**
 * Every port of the domain's records, as one store keeps them; adapters: memory (tests) and DynamoDB.
 * Domain code names only the ports it uses.
 */
export type Store = PatientRecords &
  AppointmentListing &
  PreferenceRecords &
  SmsConsentRecords &
  ReminderRecords &
  OutboxRecords &
  AuditRecords &
  StoreHealth;
