import { act } from '@testing-library/react';

/** A stand-in for the browser's EventSource that the test drives. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.closed = true;
  }
  open() {
    act(() => {
      this.readyState = FakeEventSource.OPEN;
      this.onopen?.(new Event('open'));
    });
  }
  emit(data: unknown, type = 'message') {
    act(() => {
      for (const l of this.listeners.get(type) ?? [])
        l(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
  fail(permanently: boolean) {
    act(() => {
      this.readyState = permanently ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
      this.onerror?.(new Event('error'));
    });
  }
}
