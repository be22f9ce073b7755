import { fork, type ChildProcess } from 'node:child_process';

/**
 * Heavy engines (the face model, OCR) run in a child process of their own, started by the first call and ended
 * after `idleMs` without a call (ENGINE_IDLE_MS, default a minute): their memory (WASM heaps, models) is never
 * part of the serving process, and the process that held it ends, so the operating system gets all of it back.
 * A call to an ended engine starts it again. The child's module answers with `serveEngine` (engine-child.ts).
 */

/** How long an engine with no call in flight stays alive (ms); set once from the config (setEngineIdleMs). */
let defaultIdleMs = 60_000;

/** Sets the idle time of every engine (the config's ENGINE_IDLE_MS); engines already idle use it from now. */
export function setEngineIdleMs(ms: number): void {
  defaultIdleMs = ms;
  for (const engine of engines) engine.rearm();
}

/** A request to an engine and its answer. */
export type EngineRequest = { kind: string; [key: string]: unknown };
type Reply = { id: number; result?: unknown; error?: string };
type Call = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export type Engine = {
  /** Sends a request to the engine (starting it when it is not running) and answers its result. */
  call<T>(request: EngineRequest): Promise<T>;
  /** Ends the engine's process now (shutdown, tests); the next call starts a new one. */
  close(): Promise<void>;
  /** The engine's process id while it runs (tests, benchmarks), else null. */
  pid(): number | null;
  /** How many times a process was started (tests). */
  starts(): number;
  rearm(): void;
};

const engines = new Set<Engine>();

/**
 * An engine whose process runs the module at `entry` (a file calling `serveEngine`). `idleMs` overrides the
 * shared idle time (tests).
 */
export function defineEngine(name: string, entry: URL, opts: { idleMs?: number } = {}): Engine {
  let running: Running | null = null;
  let nextId = 1;
  let started = 0;
  let idleTimer: NodeJS.Timeout | null = null;

  const stopTimer = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  };
  // With no call in flight the engine ends after the idle time; the timer never keeps the server alive.
  const arm = () => {
    stopTimer();
    if (!running || running.pending.size > 0) return;
    idleTimer = setTimeout(() => void engine.close(), opts.idleMs ?? defaultIdleMs);
    idleTimer.unref();
  };

  const start = (): Running => {
    const r = forkEngine(name, entry, {
      exited: (proc) => {
        if (running?.proc === proc) running = null;
      },
      idle: (answered) => {
        if (running === answered) arm();
      },
    });
    started++;
    return r;
  };

  const engine: Engine = {
    call<T>(request: EngineRequest): Promise<T> {
      stopTimer();
      running ??= start();
      const { proc, pending } = running;
      busy(proc);
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        proc.send({ id, request }, (error) => {
          if (!error || !pending.has(id)) return;
          pending.delete(id);
          reject(error);
        });
      });
    },
    async close() {
      stopTimer();
      const r = running;
      running = null;
      if (!r) return;
      if (r.proc.exitCode === null && r.proc.signalCode === null) r.proc.kill('SIGTERM');
      await r.exited;
    },
    pid: () => running?.proc.pid ?? null,
    starts: () => started,
    rearm: () => {
      if (idleTimer) arm();
    },
  };
  engines.add(engine);
  return engine;
}

/** An engine's running process and the calls it has not answered yet. */
type Running = { proc: ChildProcess; pending: Map<number, Call>; exited: Promise<void> };

/**
 * Starts an engine's process: its answers settle their calls, and its exit (or an error) fails the ones left.
 * `on.exited` hears of the exit, `on.idle` of the last call answered.
 */
function forkEngine(
  name: string,
  entry: URL,
  on: { exited(proc: ChildProcess): void; idle(r: Running): void },
): Running {
  const proc = fork(entry, [], {
    serialization: 'advanced', // typed arrays cross as bytes, not JSON
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The parent's flags (e.g. --cpu-prof, --inspect) are not the engine's.
    execArgv: [],
  });
  const pending = new Map<number, Call>();
  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  const exited = new Promise<void>((resolve) => {
    proc.once('exit', (code, signal) => {
      on.exited(proc);
      failAll(new Error(`${name} stopped (${signal ?? code})`));
      resolve();
    });
  });
  const r: Running = { proc, pending, exited };
  proc.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) call.reject(new Error(`${name} failed: ${reply.error}`));
    else call.resolve(reply.result);
    if (pending.size === 0) {
      idle(proc);
      on.idle(r);
    }
  });
  proc.on('error', (error) => failAll(error));
  return r;
}

/** A busy engine keeps the server's event loop alive until it answers. */
function busy(proc: ChildProcess) {
  proc.ref();
  proc.channel?.ref();
}

/** An idle engine never keeps the server alive (its idle timer ends it). */
function idle(proc: ChildProcess) {
  proc.unref();
  proc.channel?.unref();
}

/** Ends every engine's process (server shutdown). */
export async function closeEngines(): Promise<void> {
  await Promise.all([...engines].map((e) => e.close()));
}

/**
 * The documents engine: PDF writing (pdfkit, ~30 MB) for receipts, evidence packs and report tables, in a
 * process of its own (function-engine-main.ts), started by the first document and ended when idle.
 */
export const documentsEngine = defineEngine(
  'Documents engine',
  new URL('./function-engine-main.ts', import.meta.url),
);

/**
 * Runs the exported function `fn` of the module at `moduleUrl` (its `import.meta.url`) in `engine`'s process and
 * answers its result; bytes come back as a Buffer.
 */
export async function runInEngine<T>(
  engine: Engine,
  moduleUrl: string,
  fn: string,
  ...args: unknown[]
): Promise<T> {
  const result = await engine.call<unknown>({ kind: 'call', module: moduleUrl, fn, args });
  return (
    result instanceof Uint8Array && !Buffer.isBuffer(result)
      ? Buffer.from(result.buffer, result.byteOffset, result.byteLength)
      : result
  ) as T;
}
