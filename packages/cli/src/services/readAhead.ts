/**
 * An async iterable that asks its source for the next value as soon as it hands one out, so `clip ls`
 * prints a page while the server is already answering for the next (a cursor makes pages one after the
 * other; this overlaps their round trips with the printing). At most one value is held ahead.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  const it = source[Symbol.asyncIterator]();
  let next = it.next();
  try {
    for (;;) {
      const step = await next;
      if (step.done) return;
      next = it.next();
      // Awaited on the next turn: a failure meanwhile (while this value is printed) is not unhandled.
      next.catch(() => {});
      yield step.value;
    }
  } finally {
    // A consumer that stops early (an error, a break) ends the source too, as for-await would.
    await it.return?.();
  }
}
