import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../helpers/services.js';

/** Debian's chromium, headless, with nothing that phones home or depends on the machine's profile. */
export function launchChromium(): Promise<Browser> {
  // Playwright gives every launch a fresh temporary --user-data-dir of its own.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Records, from before any page script runs, every error that reaches the host page: the
 * widget must never be the cause of one.
 */
export const RECORD_HOST_ERRORS = `
  window.__hostErrors = [];
  window.onerror = function (message) { window.__hostErrors.push(String(message)); };
  window.addEventListener('unhandledrejection', function (event) { window.__hostErrors.push('unhandled rejection: ' + String(event.reason)); });
`;

export async function hostErrors(page: Page): Promise<string[]> {
  return (await page.evaluate('window.__hostErrors')) as string[];
}
