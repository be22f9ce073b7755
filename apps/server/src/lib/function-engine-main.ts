import { serveEngine } from './engine-child.ts';

/**
 * A generic engine process (started by an engine of lib/engine.ts, e.g. `documentsEngine`): runs an exported
 * function of a server module, named by the module's URL, with the arguments given (structured-cloned). The
 * module is imported by the first call that names it, here, never in the serving process.
 */
serveEngine({
  call: async (request) => {
    const module = (await import(request.module as string)) as Record<string, unknown>;
    const fn = module[request.fn as string];
    if (typeof fn !== 'function')
      throw new Error(`${request.module as string} has no function ${request.fn as string}`);
    return (fn as (...args: unknown[]) => unknown)(...(request.args as unknown[]));
  },
});
