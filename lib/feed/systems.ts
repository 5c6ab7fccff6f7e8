// The URIs the feed recognises in FHIR resources; the configurable defaults are configuration's.

/** The core extension holding a patient's IANA time zone in `valueCode`. */
export const TIMEZONE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/timezone';
