/**
 * The bytes already sent for a frozen answer, by the answer object and encoding. A frozen object cannot
 * change, so when a route answers the same one again (a page of a cached folder listing, fs/pageMemo.ts)
 * its envelope is sent as encoded before instead of serialised and compressed again (~200 kB of JSON for a
 * page of 1,000 items). Bounded by bytes; the answers least recently sent go first. Nothing here decides
 * what is current: the route decides which object it answers.
 */
export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** What was sent: a small answer goes uncompressed whatever the client accepted. */
export interface EncodedAnswer {
  encoding: AnswerEncoding;
  body: Buffer;
}

/** About 400 compressed pages of 1,000 listing items. */
const BUDGET_BYTES = 16 * 1024 * 1024;

export function createEncodedAnswers(budgetBytes = BUDGET_BYTES) {
  const byAnswer = new Map<unknown, Map<AnswerEncoding, EncodedAnswer>>();
  let bytes = 0;
  const forget = (answer: unknown) => {
    for (const e of byAnswer.get(answer)?.values() ?? []) bytes -= e.body.length;
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
      if (
        typeof answer !== 'object' ||
        answer === null ||
        !Object.isFrozen(answer) ||
        sent.body.length > budgetBytes
      )
        return;
      const encodings = byAnswer.get(answer) ?? new Map<AnswerEncoding, EncodedAnswer>();
      bytes += sent.body.length - (encodings.get(accepted)?.body.length ?? 0);
      encodings.set(accepted, sent);
      byAnswer.delete(answer);
      byAnswer.set(answer, encodings);
      while (bytes > budgetBytes) forget(byAnswer.keys().next().value);
    },
    bytes: () => bytes,
  };
}
