import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// A function builds at its cold start every schema its bundle holds (zod's schemas are built as their
// module loads, and esbuild cannot leave one out), so what a bundle holds is what a cold start pays
// (issue 25; docs/performance.md). Bundled as serverless.yml bundles the functions.

async function bundled(entry: string): Promise<string[]> {
  return Object.keys((await metafile(entry)).inputs).filter((file) => file.startsWith('lib/'));
}

async function metafile(entry: string) {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: ['@aws-sdk/client-*'],
    logLevel: 'silent',
  });
  return metafile;
}

/** Our modules of payload and response schemas, which build every one of them as they load. */
const schemasIn = (files: string[]) => files.filter((file) => file.endsWith('schema.ts'));

describe('what a function builds at its cold start', () => {
  it('builds no schema for the store nor for the endpoint wrapper: every function loads them', async () => {
    expect(schemasIn(await bundled('lib/wiring/store.ts'))).toEqual([]);
    expect(schemasIn(await bundled('lib/wiring/endpoint.ts'))).toEqual([]);
  });

  it('builds only the path and query schemas of the read endpoints, not the create payload', async () => {
    expect(schemasIn(await bundled('functions/get-patient.ts'))).toEqual(['lib/patients/read-schema.ts']);
    expect(schemasIn(await bundled('functions/list-appointments.ts'))).toEqual([
      'lib/patients/read-schema.ts',
    ]);
  });

  it('builds no schema for the two public documents, the index and the health report', async () => {
    for (const [entry, source] of [
      ['functions/index.ts', 'lib/api-index.ts'],
      ['functions/health.ts', 'lib/health.ts'],
    ] as const) {
      const { inputs } = await metafile(entry);
      expect(schemasIn(Object.keys(inputs)), entry).toEqual([]);
      // Their answers' schemas are types to them: esbuild drops an import used as a type only.
      expect(inputs[source]!.imports.map(({ path }) => path).filter((path) => path.includes('zod'))).toEqual(
        [],
      );
    }
  });

  it("builds no request schema of the API for the scheduled run: it reads the store's records, not payloads", async () => {
    expect(schemasIn(await bundled('functions/remind-due.ts'))).toEqual([]);
    expect(schemasIn(await bundled('functions/remind-due-worker.ts'))).toEqual([]);
  });

  it('builds its own request schemas and no response schema: those are for types and the OpenAPI document', async () => {
    const own = {
      'functions/create-patient.ts': 'lib/patients/schema.ts',
      'functions/write-contact-preferences.ts': 'lib/preferences/schema.ts',
      'functions/send-reminder.ts': 'lib/reminders/schema.ts',
      'functions/send-bulk-reminders.ts': 'lib/reminders/schema.ts',
      'functions/che-reminder.ts': 'lib/reminders/schema.ts',
    };
    for (const [entry, schemas] of Object.entries(own))
      expect(schemasIn(await bundled(entry)), entry).toEqual([schemas]);
  });
});
