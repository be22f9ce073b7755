/**
 * Iterates `source` one item ahead: while the consumer works on an item, the next is already being produced
 * (a report's next page is read from the database while the current one is formatted and written), so the
 * database and this process work at the same time instead of taking turns. At most one item waits.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  const it = source[Symbol.asyncIterator]();
  let done = false;
  try {
    let next = it.next();
    // A failure of the item read ahead surfaces where it is awaited, not as an unhandled rejection meanwhile.
    next.catch(() => undefined);
    for (;;) {
      const current = await next;
      if (current.done) {
        done = true;
        return;
      }
      next = it.next();
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    // The consumer stopped early (or failed): let the source close its cursor, after the read in flight.
    if (!done) await it.return?.();
  }
}
