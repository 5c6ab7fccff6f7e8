// The URIs the feed recognises in FHIR resources. A module of their own, without schemas, so that the
// configuration can name its default without loading the feed's FHIR schemas in every function.

/** The system of the identifier that carries the clinic's record number (MRN), unless configured. */
export const DEFAULT_MRN_SYSTEM = 'urn:clinical-assistant:mrn';

/** The core extension holding a patient's IANA time zone in `valueCode`. */
export const TIMEZONE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/timezone';

/** The ISO 3166 region a national phone number in a Patient is read in, unless configured. */
export const DEFAULT_PHONE_REGION = 'GB';
