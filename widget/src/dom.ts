import { detach, logError } from './log.js';

// Tiny DOM builders. Text always goes in through text nodes, never through HTML parsing, so that
// no string from the service or the page can become markup (and Trusted Types CSPs are satisfied).

type Attrs = Record<string, string | number | boolean | null | undefined>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) el.setAttribute(name, '');
    else if (value != null && value !== false) el.setAttribute(name, String(value));
  }
  append(el, ...children);
  return el;
}

function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child == null || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A 24×24 outline icon from path data, hidden from assistive technology (its button has a label). */
export function icon(pathData: string, className?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  if (className) svg.setAttribute('class', className);
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', pathData);
  svg.appendChild(path);
  return svg;
}

export const ICON_CLOSE = 'M6 6l12 12M18 6L6 18';

/**
 * Adds a stylesheet to a shadow root. Constructable stylesheets are not subject to a CSP's
 * style-src, so a strict CSP without 'unsafe-inline' still styles the widget; the <style> element
 * is the fallback for browsers without them.
 */
export function adoptStyles(root: ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else {
    root.appendChild(h('style', {}, css));
  }
}

/** addEventListener whose handler, sync or async, can never throw into the page. */
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void | Promise<void>,
): void {
  target.addEventListener(type, (event) => {
    try {
      const result = handler(event);
      if (result) detach(result);
    } catch (error) {
      logError(error);
    }
  });
}
