import { invokeFunction, ServiceUnreachable } from './invoke.ts';

// `npm run remind-due`: one scheduled run now, by the same bundled function the schedule invokes.
// Its last line is the run's summary, as JSON.

try {
  const summary = await invokeFunction('remindDue', {
    source: 'npm run remind-due',
    'detail-type': 'Scheduled Event',
  });
  console.log(JSON.stringify(summary));
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof ServiceUnreachable ? 2 : 1);
}
