import { InvalidConfiguration } from '../config.ts';
import { loadSection } from '../config-load.ts';
import type { ConfigSection, SectionConfig } from '../config-sections.ts';
import { type Log, logger } from '../log.ts';

// The composition root: the only place adapters are chosen, and nothing in lib/ outside it imports it.
// Each dependency is built once per process, on first use, so that a configuration that fails is a
// failed request or invocation, logged, rather than a module that cannot load.

/** `make`, run once, on first use; a throw is not kept, so the next call tries again. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * A client opened with its first use, rather than at every cold start, and kept; one that failed to
 * open (its module or credentials not there yet) is not kept, so the next use opens it afresh.
 */
export function openedOnFirstUse<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | undefined;
  return () =>
    (opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));
}

/** The configuration by section, each read on first use. */
export type Configuration = { readonly [S in ConfigSection]: () => SectionConfig<S> };

/**
 * Reads and checks each section of `env` on first use, so a function checks only what it uses; a bad
 * section is logged at ERROR by variable name, never by value, and read again next time.
 */
export function configuration(env: Record<string, string | undefined>, log: Log): Configuration {
  const section = <S extends ConfigSection>(name: S) =>
    once(() => {
      try {
        return loadSection(env, name);
      } catch (error) {
        if (error instanceof InvalidConfiguration)
          log.error('invalid configuration', { variables: error.variables, problems: error.message });
        throw error;
      }
    });
  return {
    service: section('service'),
    access: section('access'),
    clinics: section('clinics'),
    reminders: section('reminders'),
    messaging: section('messaging'),
    replies: section('replies'),
  };
}

/** The running function's configuration. */
export const config = configuration(process.env, logger);
