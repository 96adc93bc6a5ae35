import { describe, expect, it, vi } from 'vitest';
import { NetworkStatus } from './network-status.ts';

function statusOn(initiallyOnline = true) {
  const target = new EventTarget();
  let online = initiallyOnline;
  const status = new NetworkStatus(target, () => online);
  const changed = vi.fn();
  status.subscribe(changed);
  const browser = (event: 'online' | 'offline') => {
    online = event === 'online';
    target.dispatchEvent(new Event(event));
  };
  return { status, changed, browser };
}

describe('NetworkStatus', () => {
  it("starts from the browser's state and follows its online and offline events", () => {
    expect(statusOn(false).status.state()).toBe('offline');
    const { status, changed, browser } = statusOn();
    expect(status.state()).toBe('online');
    browser('offline');
    expect(status.state()).toBe('offline');
    browser('online');
    expect(status.state()).toBe('online');
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('is unreachable after a call without an answer, until a call gets one', () => {
    const { status, changed } = statusOn();
    status.unreachable();
    expect(status.state()).toBe('unreachable');
    status.unreachable();
    expect(changed).toHaveBeenCalledTimes(1);
    status.answered();
    expect(status.state()).toBe('online');
  });

  it("keeps the browser's offline over a failed call, and the online event ends either", () => {
    const { status, browser } = statusOn();
    browser('offline');
    status.unreachable();
    expect(status.state()).toBe('offline');
    browser('online');
    expect(status.state()).toBe('online');
    status.unreachable();
    browser('online');
    expect(status.state()).toBe('online');
  });

  it('stays offline when an answer that was on its way arrives after the browser went offline', () => {
    const { status, browser } = statusOn();
    browser('offline');
    status.answered();
    expect(status.state()).toBe('offline');
    browser('online');
    expect(status.state()).toBe('online');
  });
});
