// Reads what the assistant should know about the page the visitor is on (contract section 7).
// Called on init and again with each message, since single-page shops change page without reloading.

import { capPageContext } from './context-cap.js';
import type { PageContext } from './types.js';

const OG_KEYS = ['title', 'description', 'image', 'type', 'site_name', 'url'] as const;

function meta(selector: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(selector)?.content || undefined;
}

function httpUrl(href: string | undefined): string | undefined {
  return href && /^https?:/i.test(href) ? href : undefined;
}

function jsonLd(): unknown[] {
  const items: unknown[] = [];
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const parsed: unknown = JSON.parse(script.textContent ?? '');
      items.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } catch {
      // A page's broken JSON-LD is its own business: skip it.
    }
  }
  return items.filter((item) => item !== null && typeof item === 'object');
}

function visibleText(): string {
  // innerText leaves out hidden elements, scripts and styles, and never enters shadow roots, so
  // the widget's own text (all in its shadow root) is not included.
  const text = document.body?.innerText ?? '';
  return text.replace(/[ \t\u00a0]+/g, ' ').replace(/\s*\n\s*/g, '\n');
}

export function collectPageContext(): PageContext {
  const url = new URL(location.href);
  url.hash = ''; // fragments can carry tokens (e.g. OAuth redirects) and never identify a page
  const og: PageContext['og'] = {};
  for (const key of OG_KEYS) og[key] = meta(`meta[property="og:${key}"]`);
  return capPageContext({
    url: url.href,
    canonical_url: httpUrl(document.querySelector<HTMLLinkElement>('link[rel~="canonical"]')?.href),
    title: document.title,
    description: meta('meta[name="description"]'),
    og,
    json_ld: jsonLd(),
    headings: Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3'), (el) => el.innerText || el.textContent || ''),
    body_text: visibleText(),
  });
}
