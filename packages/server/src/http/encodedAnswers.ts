/**
 * The bytes already sent for a frozen answer, by the answer object and encoding. A frozen object cannot
 * change, so when a route answers the same one again (a page of a cached folder listing, fs/pageMemo.ts)
 * its envelope is sent as encoded before instead of serialised and compressed again (~200 kB of JSON for a
 * page of 1,000 items). Nothing here decides what is current: the route decides which object it answers.
 * Bounded by weight, the answers least recently sent going first: each kept encoding weighs its bytes
 * plus the JSON it was made from, a measure of the answer object it keeps alive (which may outlive the
 * cache that made it until it ages out here).
 */
export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** What was sent: a small answer goes uncompressed whatever the client accepted. */
export interface EncodedAnswer {
  encoding: AnswerEncoding;
  body: Buffer;
  /** Length of the JSON it was encoded from. */
  jsonBytes: number;
}

/** About 70 compressed pages of 1,000 listing items (~230 kB each by weight). */
const BUDGET = 16 * 1024 * 1024;

const weightOf = (e: EncodedAnswer) => e.body.length + e.jsonBytes;

export function createEncodedAnswers(budget = BUDGET) {
  const byAnswer = new Map<unknown, Map<AnswerEncoding, EncodedAnswer>>();
  let weight = 0;
  const forget = (answer: unknown) => {
    for (const e of byAnswer.get(answer)?.values() ?? []) weight -= weightOf(e);
    byAnswer.delete(answer);
  };
  return {
    /** What was sent for `answer` to a client accepting `accepted`. */
    get(answer: unknown, accepted: AnswerEncoding): EncodedAnswer | undefined {
      const encodings = byAnswer.get(answer);
      const hit = encodings?.get(accepted);
      if (encodings && hit) {
        // Most recently sent goes last, so eviction takes the stalest.
        byAnswer.delete(answer);
        byAnswer.set(answer, encodings);
      }
      return hit;
    },
    /** Kept only for a frozen answer: any other could change before it is sent again. */
    set(answer: unknown, accepted: AnswerEncoding, sent: EncodedAnswer): void {
      if (typeof answer !== 'object' || answer === null || !Object.isFrozen(answer)) return;
      if (weightOf(sent) > budget) return;
      const encodings = byAnswer.get(answer) ?? new Map<AnswerEncoding, EncodedAnswer>();
      const replaced = encodings.get(accepted);
      weight += weightOf(sent) - (replaced ? weightOf(replaced) : 0);
      encodings.set(accepted, sent);
      byAnswer.delete(answer);
      byAnswer.set(answer, encodings);
      while (weight > budget) forget(byAnswer.keys().next().value);
    },
    /** The weight kept. */
    weight: () => weight,
  };
}
