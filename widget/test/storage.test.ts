import { describe, expect, it } from 'vitest';
import { AgentStore, storageKey } from '../src/storage.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('AgentStore', () => {
  it('keys state by agent id, so two agents on one page share nothing', () => {
    const storage = memoryStorage();
    const a = new AgentStore(storageKey('agent-a'), storage);
    const b = new AgentStore(storageKey('agent-b'), storage);
    a.update({ visitor_id: 'v-a', conversation_id: 'c-a' });
    b.update({ visitor_id: 'v-b' });
    expect(storageKey('agent-a')).not.toBe(storageKey('agent-b'));
    expect(a.get()).toEqual({ visitor_id: 'v-a', conversation_id: 'c-a' });
    expect(b.get()).toEqual({ visitor_id: 'v-b' });
    expect(new AgentStore(storageKey('agent-a'), storage).get()).toEqual({ visitor_id: 'v-a', conversation_id: 'c-a' });
  });

  it('restores what was stored on a reload', () => {
    const storage = memoryStorage();
    new AgentStore(storageKey('x'), storage).update({ visitor_id: 'v', conversation_id: 'c', lead_done: true });
    expect(new AgentStore(storageKey('x'), storage).get()).toEqual({ visitor_id: 'v', conversation_id: 'c', lead_done: true });
  });

  it('removes a key updated to undefined', () => {
    const store = new AgentStore('k', memoryStorage());
    store.update({ visitor_id: 'v', conversation_id: 'c' });
    store.update({ conversation_id: undefined });
    expect(store.get()).toEqual({ visitor_id: 'v' });
  });

  it('ignores corrupt or foreign stored values', () => {
    const storage = memoryStorage();
    storage.items.set('k1', '{not json');
    storage.items.set('k2', JSON.stringify({ visitor_id: 42, conversation_id: 'c', extra: 'x', lead_done: 'yes' }));
    expect(new AgentStore('k1', storage).get()).toEqual({});
    expect(new AgentStore('k2', storage).get()).toEqual({ conversation_id: 'c' });
  });

  it('keeps working in memory when storage is missing or throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const storage of [null, broken]) {
      const store = new AgentStore('k', storage);
      store.update({ visitor_id: 'v' });
      expect(store.get()).toEqual({ visitor_id: 'v' });
    }
  });
});
