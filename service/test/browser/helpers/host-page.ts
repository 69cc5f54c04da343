import type { BrowserContext } from 'playwright-core';

export interface HostPageOptions {
  agentId: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  css?: string;
  body?: string;
  /** An inline script before the widget's tag (a shop page's identify callback, for instance). */
  script?: string;
}

/**
 * Serves a page of our own making at `url` (on the service's origin, which the agents allow)
 * inside the browser, through request interception: the widget script and every API call still
 * go to the real service.
 */
export async function routeHostPage(context: BrowserContext, url: string, base: string, options: HostPageOptions): Promise<void> {
  const { agentId, lang = 'en', dir = 'ltr', css = '', body = '<h1>A shop</h1><p>Welcome.</p>', script = '' } = options;
  const page = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host page</title><style>${css}</style></head>
<body>${body}
${script ? `<script>${script}</script>` : ''}
<script src="${base}/widget.js" data-agent-id="${agentId}" async></script>
</body>
</html>`;
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page }));
}
