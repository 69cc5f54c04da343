const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL, normalized, when it is an absolute http(s) or mailto URL; null for anything else
 * (javascript:, data:, relative or malformed URLs). Every link the widget renders goes through this.
 */
export function safeHref(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw.trim());
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The URL when it is an absolute http(s) one: sources are web pages, never mail links. */
export function safeWebHref(raw: unknown): string | null {
  const href = safeHref(raw);
  return href && /^https?:/.test(href) ? href : null;
}

/** The URL when it is an absolute https one: the only pictures the widget shows (an http one would be mixed content). */
export function safeImageSrc(raw: unknown): string | null {
  const href = safeHref(raw);
  return href?.startsWith('https:') ? href : null;
}

/** Attributes of every link out of the widget: a new tab that cannot reach back to the page. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;
