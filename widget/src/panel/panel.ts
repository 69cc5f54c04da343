// Entry of dist/panel.js, loaded by the loader on the first open. It announces its mount function
// on its own <script> element (see PANEL_READY_EVENT), so it adds nothing to the page's globals.

import { logError } from '../log.js';
import { PANEL_READY_EVENT, type MountPanel } from '../types.js';
import { ChatPanel } from './chat-panel.js';

const mount: MountPanel = (host) => new ChatPanel(host);

try {
  document.currentScript?.dispatchEvent(new CustomEvent(PANEL_READY_EVENT, { detail: mount }));
} catch (error) {
  logError(error);
}
