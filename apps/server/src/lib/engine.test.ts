import { afterEach, describe, expect, it } from 'vitest';
import { defineEngine, type Engine } from './engine.ts';

const FIXTURE = new URL('../../test/fixtures/echo-engine.ts', import.meta.url);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return check();
};

describe('engines (a child process per engine, ended when idle)', () => {
  let engine: Engine | null = null;
  afterEach(async () => {
    await engine?.close();
    engine = null;
  });

  it('starts on the first call, ends after its idle time and starts again on the next call', async () => {
    engine = defineEngine('Echo engine', FIXTURE, { idleMs: 300 });
    expect(engine.pid()).toBeNull();
    const first = await engine.call<number>({ kind: 'pid' });
    expect(first).not.toBe(process.pid);
    expect(engine.pid()).toBe(first);
    expect(alive(first)).toBe(true);
    // Calls keep it alive: the idle time counts from the last answer.
    await new Promise((r) => setTimeout(r, 150));
    expect(await engine.call<number>({ kind: 'pid' })).toBe(first);
    expect(await waitFor(() => !alive(first), 5000)).toBe(true);
    expect(engine.pid()).toBeNull();
    const second = await engine.call<number>({ kind: 'pid' });
    expect(second).not.toBe(first);
    expect(engine.starts()).toBe(2);
  });

  it('hands bytes over and back, and answers a failure as an error of that call', async () => {
    engine = defineEngine('Echo engine', FIXTURE, { idleMs: 60_000 });
    const bytes = new Uint8Array([1, 2, 3, 250]);
    expect(Array.from(await engine.call<Uint8Array>({ kind: 'echo', bytes }))).toEqual([1, 2, 3, 250]);
    await expect(engine.call({ kind: 'fail' })).rejects.toThrow('Echo engine failed: Error: asked to fail');
    await expect(engine.call({ kind: 'nothing' })).rejects.toThrow('unknown request nothing');
    // The engine is still there for the next call.
    expect(typeof (await engine.call<number>({ kind: 'pid' }))).toBe('number');
    expect(engine.starts()).toBe(1);
  });

  it('rejects the calls in flight when it is closed, and starts again afterwards', async () => {
    engine = defineEngine('Echo engine', FIXTURE, { idleMs: 60_000 });
    const pid = await engine.call<number>({ kind: 'pid' });
    const inFlight = engine.call({ kind: 'slow' });
    await engine.close();
    await expect(inFlight).rejects.toThrow('Echo engine stopped (SIGTERM)');
    expect(alive(pid)).toBe(false);
    expect(await engine.call<number>({ kind: 'pid' })).not.toBe(pid);
  });
});
