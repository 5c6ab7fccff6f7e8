import { type Config, InvalidConfiguration } from './config.ts';
import { CONFIG_SECTIONS, type ConfigSection, type SectionConfig } from './config-sections.ts';
import { fieldErrors, forPeople } from './validation.ts';

// Reading the configuration from the environment, by section or whole, every problem named at once.

/** Every variable the functions read: the README's configuration table lists each one. */
export const configVariables = (): string[] => [
  ...new Set(Object.values(CONFIG_SECTIONS).flatMap((part) => Object.keys(part.schema().def.shape))),
];

/** Reads and checks one section; throws InvalidConfiguration naming every bad variable in it. */
export function loadSection<S extends ConfigSection>(
  env: Record<string, string | undefined>,
  name: S,
): SectionConfig<S> {
  const part = CONFIG_SECTIONS[name];
  // An empty variable is an unset one: serverless.yml writes "" where a stage has no value.
  const parsed = part
    .schema()
    .safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')), {
      reportInput: true,
      error: forPeople,
    });
  if (!parsed.success) throw new InvalidConfiguration(fieldErrors(parsed.error.issues));
  return (part.read as (values: unknown) => SectionConfig<S>)(parsed.data);
}

/** Reads and checks every section; throws InvalidConfiguration naming every bad variable of them all. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const problems: InvalidConfiguration['problems'][number][] = [];
  const sections = (Object.keys(CONFIG_SECTIONS) as ConfigSection[]).map((name) => {
    try {
      return loadSection(env, name);
    } catch (error) {
      if (!(error instanceof InvalidConfiguration)) throw error;
      problems.push(...error.problems);
      return {};
    }
  });
  const config = Object.assign({}, ...sections) as Config;
  if (config.clinics !== undefined && env.NOTIFIER === 'aws')
    problems.push(...missingSenders(config.clinics, env.CLINICS !== undefined && env.CLINICS !== ''));
  if (problems.length > 0) throw new InvalidConfiguration(problems);
  return config;
}

/**
 * What sections check apart and only meet in a function: on AWS every clinic sends from senders of its
 * own, or the deployment's (SMS_ORIGINATION_IDENTITY, EMAIL_FROM), which a one-clinic deployment sets.
 */
export function missingSenders(clinics: Config['clinics'], listed: boolean) {
  const required = 'is required when NOTIFIER is aws';
  return clinics.flatMap((clinic, index) => [
    ...(clinic.emailFrom === undefined
      ? [{ path: listed ? `CLINICS[${index}].emailFrom` : 'EMAIL_FROM', message: required }]
      : []),
    ...(clinic.smsOriginationIdentity === undefined
      ? [
          {
            path: listed ? `CLINICS[${index}].smsOriginationIdentity` : 'SMS_ORIGINATION_IDENTITY',
            message: required,
          },
        ]
      : []),
  ]);
}
