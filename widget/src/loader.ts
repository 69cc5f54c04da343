// Entry of dist/widget.js, embedded as
//   <script src="{base}/widget.js" data-agent-id="..." async></script>
// Each such tag becomes one widget. The first copy of this script to run owns the page's one
// global, window.StorefrontAssistant; a later copy (a second tag) hands its tag to that owner
// through a symbol on it, so that all widgets share one registry and one panel download.

import { Instance } from './instance.js';
import { guard, logError } from './log.js';
import { Registry, type PublicApi } from './namespace.js';
import { PANEL_READY_EVENT, type MountPanel } from './types.js';

/** Content hash of dist/panel.js, set by build.mjs: a new panel never meets a stale cached copy. */
declare const __PANEL_VERSION__: string;

const BOOT = Symbol.for('storefront-assistant.boot');
const WIDGET_SCRIPT = /\/widget\.js(?:[?#]|$)/;

type Namespace = PublicApi & { [BOOT]?: (script: Element | null) => void };

declare global {
  interface Window {
    StorefrontAssistant?: Namespace | unknown[];
  }
}

/** Loads panel.js once per base URL with a classic script (no CORS needed, works wherever widget.js does). */
function panelLoader(nonce: string): (base: string) => Promise<MountPanel> {
  const loads = new Map<string, Promise<MountPanel>>();
  return (base) => {
    let load = loads.get(base);
    if (!load) {
      load = new Promise<MountPanel>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = `${base}/panel.js?v=${__PANEL_VERSION__}`;
        script.async = true;
        if (nonce) script.nonce = nonce; // a nonce-based CSP admits the panel like the loader
        script.addEventListener(PANEL_READY_EVENT, (event) => resolve((event as CustomEvent<MountPanel>).detail));
        // "load" fires after the script ran: if it did not announce itself, it is not our panel.
        script.addEventListener('load', () => reject(new Error(`${script.src} did not register a panel`)));
        script.addEventListener('error', () => reject(new Error(`${script.src} could not be loaded`)));
        document.head.append(script);
      });
      // A failed download is tried again on the next open.
      load.catch(() => loads.delete(base));
      loads.set(base, load);
    }
    return load;
  };
}

function whenBodyReady(run: () => void): void {
  if (document.body) run();
  else document.addEventListener('DOMContentLoaded', run, { once: true });
}

function start(): void {
  const current = document.currentScript;
  const existing = window.StorefrontAssistant as Namespace | unknown[] | undefined;
  if (existing && !Array.isArray(existing) && typeof existing[BOOT] === 'function') {
    existing[BOOT](current);
    return;
  }

  const registry = new Registry();
  const nonce = (current as HTMLScriptElement | null)?.nonce ?? '';
  const loadPanel = panelLoader(nonce);
  const booted = new WeakSet<Element>();

  const boot = guard((script: Element | null) => {
    // document.currentScript is null when the tag was inserted in unusual ways (some tag
    // managers, a module wrapper): then every widget tag on the page not yet started is ours.
    const tags =
      script instanceof HTMLScriptElement && script.dataset.agentId !== undefined
        ? [script]
        : Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-agent-id][src]')).filter((tag) => WIDGET_SCRIPT.test(tag.src));
    for (const tag of tags) {
      if (booted.has(tag)) continue;
      booted.add(tag);
      const agentId = tag.dataset.agentId?.trim();
      if (!agentId) {
        logError('a widget script tag has an empty data-agent-id');
        continue;
      }
      const base = tag.src.replace(/\/widget\.js(?:[?#].*)?$/, '');
      whenBodyReady(
        guard(() => {
          if (registry.has(agentId)) {
            logError(`agent ${agentId} is embedded twice; the second tag is ignored`);
            return;
          }
          registry.add(
            new Instance({
              agentId,
              base,
              nonce,
              index: registry.size,
              loadPanel: () => loadPanel(base),
              emit: (event, payload) => registry.emit(agentId, event, payload),
            }),
          );
        }),
      );
    }
  });

  const api: Namespace = registry.api();
  Object.defineProperty(api, BOOT, { value: boot });
  if (existing === undefined || Array.isArray(existing)) {
    window.StorefrontAssistant = api;
  } else {
    logError('window.StorefrontAssistant is already in use by another script; the JavaScript API is unavailable');
  }
  boot(current);
  // Calls the page queued before the script loaded run now, in order.
  if (Array.isArray(existing)) for (const command of existing) api.push(command as Parameters<PublicApi['push']>[0]);
}

guard(start)();
