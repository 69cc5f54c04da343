// Theme values come from the agent configuration and the page (<html lang>); both are validated
// here before they reach CSS or attributes.

export const DEFAULT_COLOR = '#2563eb';

/** The colour as #rrggbb when it is a #rgb or #rrggbb hex colour, else null. */
export function parseHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${hex.toLowerCase()}`;
}

/** Black or white, whichever reads better on the given #rrggbb background (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast against white is (1.05)/(L+0.05), against black (L+0.05)/0.05: equal at L ≈ 0.179.
  return luminance > 0.179 ? '#111111' : '#ffffff';
}

const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** Writing direction of a BCP-47 locale. */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** The page's language from <html lang>, else the browser's. */
export function pageLocale(): string {
  return document.documentElement.lang.trim() || navigator.language || 'en';
}
