// Entry of dist/panel.js, loaded by the loader on the first open. It announces its mount function
// on its own <script> element (see PANEL_READY_EVENT), so it adds nothing to the page's globals.
// Mounting waits for the panel's language: the page's, else the agent's (init), else English.

import { loadTranslator, type ScriptOrigin } from '../i18n/load.js';
import { logError } from '../log.js';
import { PANEL_READY_EVENT, type MountPanel } from '../types.js';
import { ChatPanel } from './chat-panel.js';

const script = document.currentScript as HTMLScriptElement | null;
/** The catalogues are beside panel.js, admitted by the same nonce. */
const origin: ScriptOrigin = { base: script?.src.replace(/\/panel\.js(?:[?#].*)?$/, '') ?? '', nonce: script?.nonce ?? '' };

const mount: MountPanel = async (host) => {
  const init = await host.session.ready().catch(() => null); // the panel shows an init failure itself
  return new ChatPanel(host, await loadTranslator([host.locale, init?.agent.locale], origin));
};

try {
  script?.dispatchEvent(new CustomEvent(PANEL_READY_EVENT, { detail: mount }));
} catch (error) {
  logError(error);
}
