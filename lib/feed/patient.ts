import type { HumanName } from '@medplum/fhirtypes';
import type { FieldError } from '../errors.ts';
import { LANGUAGES } from '../fields.ts';
import { PatientDetails } from '../patients/schema.ts';
import { toSortableUtc } from '../time.ts';
import { applyRules, type Checked, FhirPatient, lastUpdatedOf, readElements } from './fhir.ts';
import type { PatientChange, ReadOptions } from './model.ts';
import { mobileNumber } from './phone.ts';
import { DEFAULT_MRN_SYSTEM, DEFAULT_PHONE_REGION } from '../config.ts';
import { TIMEZONE_EXTENSION } from './systems.ts';

/** Name uses to take a patient's name from, best first: the name they go by, the official one, no use. */
export const NAME_USES = ['usual', 'official', undefined] as const satisfies readonly HumanName['use'][];

const BCP_47_SYSTEM = 'urn:ietf:bcp:47';
const BCP_47_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/**
 * A FHIR R4 Patient as the change it asks for, checked by the create endpoint's field rules; errors
 * name the FHIR path of the offending value.
 */
export function readPatient(resource: unknown, options: ReadOptions): Checked<PatientChange> {
  return readElements(FhirPatient, resource, 'Patient', (fhir) => patientChange(fhir, options));
}

function patientChange(fhir: Partial<FhirPatient>, options: ReadOptions): Checked<PatientChange> {
  const errors: FieldError[] = [];
  const warnings: string[] = [];
  const values: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  const take = (field: string, found: Found | undefined, missing = 'Patient') => {
    if (found !== undefined) values[field] = found.value;
    sources[field] = found?.path ?? missing;
  };

  const mrn = recordNumber(fhir, options.mrnSystem ?? DEFAULT_MRN_SYSTEM, errors);
  take('mrn', mrn, 'Patient.identifier');
  const names = fhir.name ?? [];
  take(
    'givenName',
    firstName(names, (name) => name.given?.[0], 'given[0]'),
    missingName(names, 'given'),
  );
  take(
    'familyName',
    firstName(names, (name) => name.family, 'family'),
    missingName(names, 'family'),
  );
  take('birthDate', found(fhir.birthDate, 'Patient.birthDate'), 'Patient.birthDate');
  const telecom = fhir.telecom ?? [];
  take('phone', firstMobile(telecom, options.phoneRegion ?? DEFAULT_PHONE_REGION, warnings));
  take(
    'email',
    firstContact(telecom, (c) => c.system === 'email'),
  );
  take('language', language(fhir, errors));
  take('timeZone', timeZone(fhir, errors));

  const rules = applyRules(PatientDetails, values, sources, 'Patient');
  const stamp = lastUpdatedOf(fhir.meta?.lastUpdated, 'Patient.meta.lastUpdated', options.now);
  if (!rules.ok) errors.push(...rules.errors);
  if (!stamp.ok) errors.push(...stamp.errors);
  if (!rules.ok || !stamp.ok || mrn === undefined || errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      lastUpdated: toSortableUtc(stamp.value),
      patient: {
        ...rules.value,
        mrn: mrn.value,
        timeZone: rules.value.timeZone ?? options.defaultTimeZone,
        language: rules.value.language ?? options.defaultLanguage,
      },
      warnings,
    },
  };
}

interface Found {
  value: string;
  path: string;
}

const found = (value: string | undefined, path: string): Found | undefined =>
  value === undefined ? undefined : { value, path };

/** The one record number of the patient: an identifier of the MRN system, never two different ones. */
function recordNumber(fhir: Partial<FhirPatient>, system: string, errors: FieldError[]): Found | undefined {
  const numbers = (fhir.identifier ?? []).flatMap((identifier, index) =>
    identifier.system === system
      ? [{ value: identifier.value, path: `Patient.identifier[${index}].value` }]
      : [],
  );
  const [first] = numbers;
  if (first === undefined) {
    errors.push({
      path: 'Patient.identifier',
      message: `needs an identifier with system ${system} (the MRN)`,
    });
    return undefined;
  }
  const second = numbers.find((number) => number.value !== first.value);
  if (second !== undefined)
    errors.push({ path: second.path, message: `is a second MRN (system ${system}); a patient has one` });
  if (first.value === undefined) {
    errors.push({ path: first.path, message: 'is required' });
    return undefined;
  }
  return { value: first.value, path: first.path };
}

type Name = NonNullable<FhirPatient['name']>[number];

/** A part of the patient's name from the best name that has it, in NAME_USES order. */
function firstName(
  names: readonly Name[],
  part: (name: Name) => string | undefined,
  element: string,
): Found | undefined {
  for (const use of NAME_USES) {
    const index = names.findIndex((name) => name.use === use && part(name) !== undefined);
    const name = names[index];
    if (name !== undefined) return found(part(name), `Patient.name[${index}].${element}`);
  }
  return undefined;
}

/**
 * Where a missing part of the name is reported: the best name by NAME_USES (say one with only `text`,
 * which is never split into parts), else the list.
 */
function missingName(names: readonly Name[], part: 'given' | 'family'): string {
  for (const use of NAME_USES) {
    const index = names.findIndex((name) => name.use === use);
    if (index >= 0) return `Patient.name[${index}].${part}`;
  }
  return `Patient.name.${part}`;
}

type ContactPoint = NonNullable<FhirPatient['telecom']>[number];

/**
 * The first number a text reaches, in E.164: a phone of use mobile, or an SMS number (a phone without
 * use may be a landline, where a text is lost). Each one passed over before it is a warning.
 */
function firstMobile(
  telecom: readonly ContactPoint[],
  region: string,
  warnings: string[],
): Found | undefined {
  for (const [index, c] of telecom.entries()) {
    const kind = c.system === 'sms' || (c.system === 'phone' && c.use === 'mobile');
    if (!kind || c.use === 'old' || c.value === undefined) continue;
    const path = `Patient.telecom[${index}].value`;
    const mobile = mobileNumber(c.value, region, c.system === 'sms');
    if (mobile.ok) return { value: mobile.number, path };
    warnings.push(`${path}: ${mobile.why}`);
  }
  return undefined;
}

/** The first contact point of a kind that is in use ("old" ones are not) and has a value. */
function firstContact(
  telecom: readonly ContactPoint[],
  kind: (c: ContactPoint) => boolean,
): Found | undefined {
  const index = telecom.findIndex((c) => kind(c) && c.use !== 'old' && c.value !== undefined);
  return found(telecom[index]?.value, `Patient.telecom[${index}].value`);
}

/**
 * The first of the patient's languages that has reminder templates, the preferred one first; none of
 * them → undefined, so the clinic's default applies (a language is a fact, not an error).
 */
function language(fhir: Partial<FhirPatient>, errors: FieldError[]): Found | undefined {
  const communication = fhir.communication ?? [];
  const preferredFirst = [...communication.keys()].sort(
    (a, b) => Number(communication[b]?.preferred === true) - Number(communication[a]?.preferred === true),
  );
  for (const index of preferredFirst) {
    const codings = communication[index]?.language.coding ?? [];
    for (const [at, coding] of codings.entries()) {
      if (coding.code === undefined || (coding.system !== undefined && coding.system !== BCP_47_SYSTEM))
        continue;
      const path = `Patient.communication[${index}].language.coding[${at}].code`;
      if (!BCP_47_TAG.test(coding.code)) {
        errors.push({ path, message: 'must be a BCP-47 language tag, e.g. en-GB' });
        continue;
      }
      const primary = coding.code.split('-')[0]?.toLowerCase();
      const known = LANGUAGES.find((language) => language === primary);
      if (known !== undefined) return { value: known, path };
    }
  }
  return undefined;
}

function timeZone(fhir: Partial<FhirPatient>, errors: FieldError[]): Found | undefined {
  const index = (fhir.extension ?? []).findIndex((extension) => extension.url === TIMEZONE_EXTENSION);
  if (index < 0) return undefined;
  const path = `Patient.extension[${index}].valueCode`;
  const value = fhir.extension?.[index]?.valueCode;
  if (value === undefined) errors.push({ path, message: 'is required' });
  return found(value, path);
}
