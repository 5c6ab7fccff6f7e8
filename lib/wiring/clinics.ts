import { type Clinic, type ClinicSpace, spaceName } from '../clinics.ts';
import { InvalidConfiguration } from '../config.ts';
import { config, once } from './config.ts';

// The clinics of the deployment, as its configuration names them, and what each space is given.

const directory = once(() => {
  const { clinics } = config.clinics();
  return {
    clinics,
    byId: new Map(clinics.map((clinic) => [clinic.id, clinic])),
    byNumber: new Map(clinics.flatMap((clinic) => (clinic.smsNumber ? [[clinic.smsNumber, clinic]] : []))),
  };
});

/** Every clinic the deployment serves. */
export const allClinics = (): readonly Clinic[] => directory().clinics;

/** A clinic by its id; one no configuration names is refused as configuration is. */
export function clinicNamed(id: string): Clinic {
  const clinic = directory().byId.get(id);
  if (clinic === undefined)
    throw new InvalidConfiguration([{ path: 'CLINICS', message: `names no clinic "${id}"` }]);
  return clinic;
}

/** A clinic id the deployment serves, or undefined. */
export const knownClinic = (id: string): Clinic | undefined => directory().byId.get(id);

/**
 * The clinic a patient's reply to `number` is for: the clinic with that number, or the one clinic of
 * a deployment whose clinic gave none; undefined for a number that is no clinic's.
 */
export function clinicOfNumber(number: string | undefined): Clinic | undefined {
  const { clinics, byNumber } = directory();
  if (number !== undefined && byNumber.has(number)) return byNumber.get(number);
  const [only] = clinics;
  return clinics.length === 1 && only!.smsNumber === undefined ? only : undefined;
}

/** The one clinic of a deployment that serves one: what a message naming none is for; else undefined. */
export const onlyClinic = (): Clinic | undefined =>
  directory().clinics.length === 1 ? directory().clinics[0] : undefined;

/** `make` once per clinic's space, on first use. */
export function perSpace<T>(make: (space: ClinicSpace) => T): (space: ClinicSpace) => T {
  const made = new Map<string, T>();
  return (space) => {
    const name = spaceName(space);
    if (!made.has(name)) made.set(name, make(space));
    return made.get(name)!;
  };
}
