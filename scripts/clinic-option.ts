import demo from './local-clinics.cjs';

// Which clinic a local command acts for: `--clinic <id>` (and `--sandbox`) among its arguments, else
// the first clinic the local stage serves (CLINICS in the shell or .env, else the demo clinics).

interface LocalClinic {
  id: string;
  name?: string;
  smsNumber?: string;
}

/** The clinics the local stage serves, as npm start was given them. */
export const localClinics = (): LocalClinic[] =>
  JSON.parse(process.env.CLINICS || demo.clinics) as LocalClinic[];

/** The arguments without the clinic options, and the clinic and space they name. */
export function clinicOption(args: readonly string[]) {
  const rest = [...args];
  const at = rest.indexOf('--clinic');
  const named = at === -1 ? undefined : rest.splice(at, 2)[1];
  const sandboxAt = rest.indexOf('--sandbox');
  if (sandboxAt !== -1) rest.splice(sandboxAt, 1);
  const known = localClinics();
  const clinic = named === undefined ? known[0] : known.find((c) => c.id === named);
  if (clinic === undefined) {
    console.error(`No clinic "${named}": the local stage serves ${known.map((c) => c.id).join(', ')}.`);
    process.exit(1);
  }
  return { args: rest, clinic, sandbox: sandboxAt !== -1 };
}
