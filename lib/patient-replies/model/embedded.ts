import type { ReplyModel } from '../read/reply-model.ts';
import { ReplyClassifier, type Weights } from './classifier.ts';
import weights from './weights.json' with { type: 'json' };

/** The embedded reply model: the classifier trained by `npm run replies:train`, its weights in the bundle. */
export const embeddedClassifier = ReplyClassifier.fromWeights(weights as Weights);

export const embeddedReplyModel: ReplyModel = {
  read: async (text) => embeddedClassifier.read(text),
};
