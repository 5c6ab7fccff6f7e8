import { LocalEhrOutbox } from '../ehr/local-table.ts';
import { SqsEhrOutbox } from '../ehr/sqs.ts';
import { logger } from '../log.ts';
import { metrics, metricsFor } from '../metrics.ts';
import { countedNotifier } from '../notify/counted.ts';
import type { ReplyDeps } from '../patient-replies/apply/answer.ts';
import { embeddedReplyModel } from '../patient-replies/model/embedded.ts';
import type { ReplyModel } from '../patient-replies/read/reply-model.ts';
import type { EhrOutbox } from '../patient-replies/write-back.ts';
import { BedrockReplyModel, type FallbackReason } from '../reply-model/bedrock.ts';
import { dynamoDb } from '../store/dynamodb-client.ts';
import { clinicNamed, perSpace } from './clinics.ts';
import { config, once, openedOnFirstUse } from './config.ts';
import { messageProvider, reminderDeps } from './reminders.ts';

// What the inbound SMS function works with, chosen once from configuration: the model that reads
// free text, and where answers are written back for the EHR, each clinic's marked as its own.

const replyModel = once((): ReplyModel => {
  const { replyModel: model, replyModelId: modelId } = config.replies();
  if (model === 'embedded') return embeddedReplyModel;
  const { awsRegion } = config.service();
  return BedrockReplyModel.open({
    modelId,
    ...(awsRegion && { region: awsRegion }),
    fallback: embeddedReplyModel,
    onFallback: fellBack(modelId),
  });
});

/** How often the embedded model stood in for Bedrock, and why: logged and counted, never the reply. */
export const fellBack = (modelId: string) => (reason: FallbackReason) => {
  logger.warn('reply model fell back', { model: modelId, reason });
  metrics.count('ReplyModelFallbacks', 1, { reason });
};

/** The EHR's SQS queue, opened with the first answer; locally, a table of the local engine. */
const ehrOutbox = once((): EhrOutbox => {
  const { ehrOutboundQueueUrl: queueUrl } = config.messaging();
  const { dynamodbEndpoint: endpoint, tableName, awsRegion } = config.service();
  if (queueUrl === undefined)
    return new LocalEhrOutbox(dynamoDb({ ...(endpoint && { endpoint }) }), tableName);
  const outbox = openedOnFirstUse(() =>
    SqsEhrOutbox.open({ queueUrl, ...(awsRegion && { region: awsRegion }) }),
  );
  return { publish: async (resources) => (await outbox()).publish(resources) };
});

/** What an answer in a clinic's space works with. */
export const replyDeps = perSpace((space): ReplyDeps => ({
  store: reminderDeps(space).store,
  notifier: countedNotifier(messageProvider(space), 'acknowledgement', metricsFor(space)),
  model: replyModel(),
  ehr: ehrOutbox(),
  space,
  clinicName: clinicNamed(space.clinic).name,
  mrnSystem: clinicNamed(space.clinic).mrnSystem,
}));
