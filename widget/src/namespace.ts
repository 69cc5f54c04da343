// The page-facing JavaScript API, window.StorefrontAssistant, and the command queue behind it.
//
//   StorefrontAssistant.open(agentId?)     StorefrontAssistant.close(agentId?)
//   StorefrontAssistant.identify(() => Promise<shopperToken>, agentId?)
//   StorefrontAssistant.on(event, callback, agentId?)  → unsubscribe function
//   StorefrontAssistant.push([method, ...args])        (same calls, as data)
//
// A page can queue calls before widget.js has loaded with
//   window.StorefrontAssistant = window.StorefrontAssistant || [];
//   StorefrontAssistant.push(['identify', getShopperToken]);
// Without agentId, open/close address the first widget on the page, and identify/on every
// widget, present and future. A call for a widget whose script has not run yet waits for it.

import { guard, logError } from './log.js';
import type { Instance } from './instance.js';
import type { ShopperTokenSource } from './session.js';
import type { WidgetEvent } from './types.js';

type Listener = { event: string; callback: (payload: Record<string, unknown>) => void; agentId?: string };
type Command = [method: string, ...args: unknown[]];

export type PublicApi = {
  open(agentId?: string): void;
  close(agentId?: string): void;
  identify(source: ShopperTokenSource, agentId?: string): void;
  on(event: WidgetEvent, callback: (payload: Record<string, unknown>) => void, agentId?: string): () => void;
  push(command: Command): void;
};

const optionalId = (value: unknown): string | undefined => {
  if (value === undefined || typeof value === 'string') return value;
  throw new TypeError('agentId must be a string');
};

const requireFunction = (value: unknown, what: string) => {
  if (typeof value !== 'function') throw new TypeError(`${what} must be a function`);
};

export class Registry {
  private readonly instances = new Map<string, Instance>();
  private readonly listeners: Listener[] = [];
  private readonly identities: { source: ShopperTokenSource; agentId?: string }[] = [];
  /** open/close calls waiting for their widget. */
  private waiting: { method: 'open' | 'close'; agentId?: string }[] = [];

  has(agentId: string): boolean {
    return this.instances.has(agentId);
  }

  add(instance: Instance): void {
    this.instances.set(instance.agentId, instance);
    for (const { source, agentId } of this.identities) {
      if (agentId === undefined || agentId === instance.agentId) instance.identify(source);
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const { method, agentId } of waiting) this.openOrClose(method, agentId);
  }

  get size(): number {
    return this.instances.size;
  }

  emit(agentId: string, event: WidgetEvent, payload: Record<string, unknown>): void {
    for (const listener of this.listeners) {
      if (listener.event !== event || (listener.agentId !== undefined && listener.agentId !== agentId)) continue;
      try {
        listener.callback({ ...payload, agentId });
      } catch (error) {
        logError(`a "${event}" listener threw`, error);
      }
    }
  }

  api(): PublicApi {
    const api: PublicApi = {
      open: guard((agentId?: string) => this.openOrClose('open', optionalId(agentId))),
      close: guard((agentId?: string) => this.openOrClose('close', optionalId(agentId))),
      identify: guard((source: ShopperTokenSource, agentId?: string) => {
        requireFunction(source, 'identify() callback');
        const entry = { source, agentId: optionalId(agentId) };
        this.identities.push(entry);
        for (const instance of this.instances.values()) {
          if (entry.agentId === undefined || entry.agentId === instance.agentId) instance.identify(source);
        }
      }),
      on: (event, callback, agentId) => {
        const noop = () => {};
        try {
          requireFunction(callback, 'on() callback');
          const listener: Listener = { event: String(event), callback, agentId: optionalId(agentId) };
          this.listeners.push(listener);
          return () => {
            const index = this.listeners.indexOf(listener);
            if (index >= 0) this.listeners.splice(index, 1);
          };
        } catch (error) {
          logError(error);
          return noop;
        }
      },
      push: guard((command: Command) => {
        if (!Array.isArray(command) || typeof command[0] !== 'string') throw new TypeError('push() takes [method, ...args]');
        const [method, ...args] = command;
        if (method !== 'open' && method !== 'close' && method !== 'identify' && method !== 'on') {
          throw new TypeError(`unknown method "${method}"`);
        }
        (api[method] as (...values: unknown[]) => unknown)(...args);
      }),
    };
    return api;
  }

  private openOrClose(method: 'open' | 'close', agentId: string | undefined): void {
    const instance = agentId === undefined ? this.instances.values().next().value : this.instances.get(agentId);
    if (instance) instance[method]('api');
    else this.waiting.push({ method, agentId });
  }
}
