import { javaAvailable, startDynalite, startDynamoDbLocal } from '../../scripts/local-engine.ts';

const java = javaAvailable();

/**
 * The engines every DynamoDB suite runs on: dynalite always, AWS's DynamoDB Local where Java is
 * installed; a suite says loudly when that part is skipped.
 */
export function dynamoEngines(suite: string) {
  if (!java) console.warn(`SKIPPED: DynamoDB Local part of ${suite}: \`java\` is not on this machine.`);
  return [
    { name: 'dynalite', start: () => startDynalite(), available: true, label: 'dynalite' },
    {
      name: 'DynamoDB Local',
      start: startDynamoDbLocal,
      available: java,
      label: `DynamoDB Local${java ? '' : ' (SKIPPED: java not found)'}`,
    },
  ];
}
