import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instance } from '../src/instance.js';
import { Registry } from '../src/namespace.js';

/** An instance stand-in recording the calls the registry routes to it. */
function fakeInstance(agentId: string) {
  const calls: string[] = [];
  const instance = {
    agentId,
    open: (source: string) => calls.push(`open:${source}`),
    close: (source: string) => calls.push(`close:${source}`),
    identify: () => calls.push('identify'),
  };
  return { calls, instance: instance as unknown as Instance };
}

afterEach(() => vi.restoreAllMocks());

describe('Registry', () => {
  it('queues open/close until the addressed widget exists', () => {
    const registry = new Registry();
    const api = registry.api();
    api.open('b');
    api.open();
    const a = fakeInstance('a');
    const b = fakeInstance('b');
    registry.add(a.instance);
    expect(a.calls).toEqual(['open:api']);
    registry.add(b.instance);
    expect(b.calls).toEqual(['open:api']);
    api.close('b');
    expect(b.calls).toEqual(['open:api', 'close:api']);
  });

  it('applies identify to present and future widgets, or only to the one named', () => {
    const registry = new Registry();
    const api = registry.api();
    const a = fakeInstance('a');
    registry.add(a.instance);
    api.identify(async () => 'token');
    api.identify(async () => 'only-c', 'c');
    const b = fakeInstance('b');
    const c = fakeInstance('c');
    registry.add(b.instance);
    registry.add(c.instance);
    expect(a.calls).toEqual(['identify']);
    expect(b.calls).toEqual(['identify']);
    expect(c.calls).toEqual(['identify', 'identify']);
  });

  it('delivers events to matching listeners, survives a throwing one, and unsubscribes', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const registry = new Registry();
    const api = registry.api();
    const all: unknown[] = [];
    const onlyB: unknown[] = [];
    api.on('open', () => {
      throw new Error('page bug');
    });
    const off = api.on('open', (payload) => all.push(payload));
    api.on('open', (payload) => onlyB.push(payload), 'b');
    registry.emit('a', 'open', { source: 'launcher' });
    registry.emit('b', 'close', {});
    off();
    registry.emit('b', 'open', { source: 'api' });
    expect(all).toEqual([{ source: 'launcher', agentId: 'a' }]);
    expect(onlyB).toEqual([{ source: 'api', agentId: 'b' }]);
    expect(error).toHaveBeenCalledWith('[storefront-assistant]', expect.stringContaining('listener threw'), expect.any(Error));
  });

  it('runs push([method, ...args]) commands like method calls', () => {
    const registry = new Registry();
    const a = fakeInstance('a');
    registry.add(a.instance);
    registry.api().push(['open', 'a']);
    expect(a.calls).toEqual(['open:api']);
  });

  it('never throws into the page on bad calls; it logs them', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = new Registry().api() as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => api.push?.('open')).not.toThrow();
    expect(() => api.push?.(['eval', 'x'])).not.toThrow();
    expect(() => api.open?.(42)).not.toThrow();
    expect(() => api.identify?.('not a function')).not.toThrow();
    expect(typeof api.on?.('open', null)).toBe('function');
    expect(error).toHaveBeenCalledTimes(5);
    for (const call of error.mock.calls) expect(call[0]).toBe('[storefront-assistant]');
  });
});
