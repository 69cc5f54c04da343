/**
 * URL helpers shared by every module that stores or compares a URL an outsider gave us.
 */

/** `https://Shop.Example:443/` → `https://shop.example`; anything but a bare http(s) origin → undefined. */
export function normalizeOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return undefined;
  // Only accept the origin form: a trailing "/" is tolerated, any other path is not.
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(value.trim())) return undefined;
  return url.origin;
}

/**
 * The canonical form of a site's base URL: scheme and host lower-cased, default port dropped,
 * no trailing slash, no query or fragment. WordPress may live in a sub-folder, so a path is kept.
 */
export function normalizeSiteUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
