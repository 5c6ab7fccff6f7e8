// Most of the model's steps are 0 (about three in five): the weights file keeps one bit a step saying
// which are not, then only those steps, which compresses a tenth smaller than the steps themselves.

/** The steps as the weights file packs them: a bit for each step (set where it is not 0), then the steps that are not 0, in order. */
export function packSteps(steps: Int8Array): Uint8Array {
  const mask = new Uint8Array(Math.ceil(steps.length / 8));
  const kept: number[] = [];
  steps.forEach((step, at) => {
    if (step === 0) return;
    mask[at >> 3]! |= 1 << (at & 7);
    kept.push(step & 0xff);
  });
  const packed = new Uint8Array(mask.length + kept.length);
  packed.set(mask);
  packed.set(kept, mask.length);
  return packed;
}

/** The `length` steps packSteps packed; packed bytes that do not hold exactly them are refused, never read out of place. */
export function unpackSteps(packed: Uint8Array, length: number): Int8Array {
  const refused = () => new RangeError(`the packed weights do not hold ${length} steps`);
  const steps = new Int8Array(length);
  let next = Math.ceil(length / 8);
  if (next > packed.length) throw refused();
  for (let at = 0; at < length; at++)
    if (packed[at >> 3]! & (1 << (at & 7))) {
      if (next === packed.length) throw refused();
      steps[at] = (packed[next++]! << 24) >> 24;
    }
  if (next !== packed.length) throw refused();
  return steps;
}
