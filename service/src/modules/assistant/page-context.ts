import { PAGE_CONTEXT_OG_FIELDS as OG_FIELDS, type PageContext } from '../../contract/stream-events.js';
import { toPlainText, truncateUtf8, utf8Length } from './text.js';

/**
 * The page the visitor is on (contract section 7), as the widget or the Playground sends it.
 * Everything in it is controlled by whoever controls the page, so it is reduced to an allowlist of
 * plain-text fields with hard size caps before it may reach a prompt. Production and Playground
 * call this same function; only the origin check differs. Its shape is the contract's
 * (contract/stream-events.ts), which the Playground's diagnostics show.
 */
export type { PageContext };

type OgField = (typeof OG_FIELDS)[number];
const OG_URL_FIELDS: ReadonlySet<OgField> = new Set(['image', 'url']);

/** Contract cap for each of body_text, json_ld (serialized) and headings (joined), in UTF-8 bytes. */
export const PAGE_CONTEXT_FIELD_CAP = 8 * 1024;
const MAX_URL_LENGTH = 2048;
const MAX_HEADINGS = 100;

const TRACKING_PARAM = /^(utm_.*|gclid|fbclid|msclkid)$/i;

export interface SanitizeOptions {
  mode: 'production' | 'playground';
  /** The agent's allowed_origins; in production the page must be on one of them. */
  allowedOrigins: readonly string[];
}

/**
 * The sanitized page context, or undefined when there is none worth keeping: not an object, no
 * valid http(s) URL, or (production) a page outside the agent's allowed origins.
 */
export function sanitizePageContext(raw: unknown, options: SanitizeOptions): PageContext | undefined {
  if (!isRecord(raw)) return undefined;
  const url = cleanUrl(raw.url);
  if (!url) return undefined;
  const origin = new URL(url).origin;
  if (options.mode === 'production' && !originAllowed(origin, options.allowedOrigins)) return undefined;

  const context: PageContext = { url };
  const canonical = cleanUrl(raw.canonical_url);
  if (canonical && new URL(canonical).origin === origin) context.canonical_url = canonical;
  assignText(context, 'title', raw.title);
  assignText(context, 'description', raw.description);
  const og = sanitizeOg(raw.og);
  if (og) context.og = og;
  const jsonLd = sanitizeJsonLd(raw.json_ld);
  if (jsonLd.length > 0) context.json_ld = jsonLd;
  const headings = sanitizeHeadings(raw.headings);
  if (headings.length > 0) context.headings = headings;
  if (typeof raw.body_text === 'string') {
    const body = truncateUtf8(toPlainText(raw.body_text, { multiline: true }), PAGE_CONTEXT_FIELD_CAP);
    if (body) context.body_text = body;
  }
  return context;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An absolute http(s) URL without credentials, fragment or tracking parameters; undefined for
 * anything else (javascript:, data:, relative, malformed, absurdly long).
 */
export function cleanUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.username = '';
  url.password = '';
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (TRACKING_PARAM.test(key)) url.searchParams.delete(key);
  }
  return url.toString();
}

/** Origins compare by scheme, host and effective port, whatever way the operator typed them. */
function originAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.some((allowed) => {
    try {
      return new URL(allowed).origin === origin;
    } catch {
      return false;
    }
  });
}

function assignText(context: PageContext, field: 'title' | 'description', value: unknown): void {
  if (typeof value !== 'string') return;
  const text = truncateUtf8(toPlainText(value), PAGE_CONTEXT_FIELD_CAP);
  if (text) context[field] = text;
}

function sanitizeOg(value: unknown): PageContext['og'] | undefined {
  if (!isRecord(value)) return undefined;
  const og: NonNullable<PageContext['og']> = {};
  for (const field of OG_FIELDS) {
    const raw = value[field];
    const clean = OG_URL_FIELDS.has(field) ? cleanUrl(raw) : typeof raw === 'string' ? truncateUtf8(toPlainText(raw), PAGE_CONTEXT_FIELD_CAP) : undefined;
    if (clean) og[field] = clean;
  }
  return Object.keys(og).length > 0 ? og : undefined;
}

/** Headings kept whole in order while the joined text fits the cap; the last one is cut to fit. */
function sanitizeHeadings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const headings: string[] = [];
  let used = 0;
  for (const item of value.slice(0, MAX_HEADINGS)) {
    if (typeof item !== 'string') continue;
    const text = toPlainText(item);
    if (!text) continue;
    const separator = headings.length > 0 ? 1 : 0;
    const room = PAGE_CONTEXT_FIELD_CAP - used - separator;
    if (room <= 0) break;
    const kept = truncateUtf8(text, room);
    if (!kept) break;
    headings.push(kept);
    used += separator + utf8Length(kept);
  }
  return headings;
}

/**
 * JSON-LD is structured, so it cannot be cut mid-string without becoming invalid. Each item is
 * cleaned (strings to plain text, links to http(s), bounded depth and breadth), shrunk with
 * tighter bounds if it is too big on its own, and items are kept in order while the serialized
 * array fits the cap.
 */
const JSON_LD_BOUNDS = [
  { maxString: 1024, maxArray: 20, maxKeys: 50, maxDepth: 6 },
  { maxString: 256, maxArray: 5, maxKeys: 25, maxDepth: 4 },
  { maxString: 80, maxArray: 2, maxKeys: 12, maxDepth: 3 },
] as const;
type JsonLdBounds = (typeof JSON_LD_BOUNDS)[number];
const MAX_JSON_LD_ITEMS = 20;
/** Keys whose values are links: anything but http(s) there is dropped. */
const LINK_KEY = /^(@id|url|image|logo|sameAs|contentUrl|embedUrl|thumbnailUrl|mainEntityOfPage)$/;
const DANGEROUS_SCHEME = /^\s*(javascript|vbscript|data|file|blob):/i;

function sanitizeJsonLd(value: unknown): Record<string, unknown>[] {
  const items = (Array.isArray(value) ? value : [value]).filter(isRecord).slice(0, MAX_JSON_LD_ITEMS);
  const kept: Record<string, unknown>[] = [];
  let used = 2; // the enclosing brackets
  for (const item of items) {
    for (const bounds of JSON_LD_BOUNDS) {
      const clean = cleanJsonValue(item, bounds, 0, undefined);
      if (!isRecord(clean)) break;
      const size = utf8Length(JSON.stringify(clean)) + (kept.length > 0 ? 1 : 0);
      if (used + size <= PAGE_CONTEXT_FIELD_CAP) {
        kept.push(clean);
        used += size;
        break;
      }
    }
  }
  return kept;
}

function cleanJsonValue(value: unknown, bounds: JsonLdBounds, depth: number, key: string | undefined): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && LINK_KEY.test(key)) return cleanUrl(value);
    if (DANGEROUS_SCHEME.test(value)) return undefined;
    const text = truncateUtf8(toPlainText(value), bounds.maxString);
    return text === '' ? undefined : text;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (depth >= bounds.maxDepth) return undefined;
  if (Array.isArray(value)) {
    const items = value
      .slice(0, bounds.maxArray)
      .map((item) => cleanJsonValue(item, bounds, depth + 1, key))
      .filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [rawKey, child] of Object.entries(value).slice(0, bounds.maxKeys)) {
      const cleanKey = truncateUtf8(toPlainText(rawKey), 100);
      // An own "__proto__" key (JSON.parse makes one) would replace the object's prototype.
      if (!cleanKey || cleanKey === '__proto__') continue;
      const cleanChild = cleanJsonValue(child, bounds, depth + 1, cleanKey);
      if (cleanChild !== undefined) out[cleanKey] = cleanChild;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return undefined;
}
