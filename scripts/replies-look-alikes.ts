import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { lookAlikesModule } from './reply-model/look-alikes.ts';

// `npm run replies:look-alikes`: rewrites the look-alike letters the stop keywords are read through.

const MODULE = 'lib/patient-replies/read/look-alikes.ts';
writeFileSync(
  MODULE,
  await format(lookAlikesModule(), { ...(await resolveConfig(MODULE)), filepath: MODULE }),
);
console.log(`${MODULE} rewritten.`);
