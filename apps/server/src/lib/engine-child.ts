/**
 * The child's side of an engine (engine.ts): answers each request `{ id, request }` from the parent with the
 * handler of its `kind`, one message back per request (`result` or `error`). Requests run as they arrive; a
 * handler that must run one at a time queues itself. The process ends with its parent (the IPC channel closes).
 */
type Handler = (request: { kind: string; [key: string]: unknown }) => Promise<unknown>;

export function serveEngine(handlers: Record<string, Handler>): void {
  if (!process.send) throw new Error('serveEngine runs in a process started by defineEngine (engine.ts)');
  const send = process.send.bind(process);
  process.on('message', (message: { id: number; request: { kind: string; [key: string]: unknown } }) => {
    const handler = handlers[message.request.kind];
    const work = handler
      ? handler(message.request)
      : Promise.reject(new Error(`unknown request ${message.request.kind}`));
    work.then(
      (result) => send({ id: message.id, result }),
      (error: unknown) => send({ id: message.id, error: String(error) }),
    );
  });
  // Without its parent the engine has no one to answer: end.
  process.on('disconnect', () => process.exit(0));
}
