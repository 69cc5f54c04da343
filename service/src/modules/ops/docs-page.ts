/**
 * The OpenAPI document as one readable HTML page, rendered here so that the docs work offline
 * and load nothing from a CDN. Every value from the document is escaped.
 */

type Doc = Record<string, unknown>;

function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Inline `code` spans of the descriptions, on already escaped text. */
function prose(value: unknown): string {
  return escapeHtml(value ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');
}

const schemaName = (ref: unknown) => String(ref).replace('#/components/schemas/', '').replace('#/components/responses/', '');

function schemaLink(content: unknown): string {
  const entries = Object.entries((content ?? {}) as Record<string, { schema?: { $ref?: string } }>);
  return entries
    .map(([type, media]) => {
      const ref = media.schema?.$ref;
      return ref ? `<a href="#schema-${escapeHtml(schemaName(ref))}">${escapeHtml(schemaName(ref))}</a> (${escapeHtml(type)})` : escapeHtml(type);
    })
    .join(', ');
}

/** Where the credential goes: "Authorization: Bearer (JWT)", "header X-Service-Signature". */
function schemeSummary(scheme: Doc): string {
  if (scheme.type === 'http')
    return `Authorization: ${String(scheme.scheme).replace(/^bearer$/i, 'Bearer')}${scheme.bearerFormat ? ` (${String(scheme.bearerFormat)})` : ''}`;
  if (scheme.type === 'apiKey') return `${String(scheme.in)} ${String(scheme.name)}`;
  return String(scheme.type);
}

function operationHtml(path: string, method: string, op: Doc): string {
  const security = (op.security as Record<string, string[]>[] | undefined) ?? [];
  const auth = security.length === 0 ? 'none' : security.map((requirement) => Object.keys(requirement).join(' + ')).join(' or ');
  const body = op.requestBody as { content?: unknown } | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Doc>).map(([status, response]) => {
    const description = response.$ref
      ? `error envelope: <a href="#schema-ErrorEnvelope">ErrorEnvelope</a>`
      : `${prose(response.description)} ${schemaLink(response.content)}`;
    return `<li><strong>${escapeHtml(status)}</strong> ${description}</li>`;
  });
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  return `<section class="op" id="${escapeHtml(id)}">
<h3><span class="method">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(op.summary)}</p>${op.description ? `<p>${prose(op.description)}</p>` : ''}
<p><strong>Authentication:</strong> ${escapeHtml(auth)}</p>
${body ? `<p><strong>Body:</strong> ${schemaLink(body.content)}</p>` : ''}
<p><strong>Responses:</strong></p><ul>${responses.join('')}</ul>
</section>`;
}

export function renderDocsPage(document: Doc): string {
  const info = document.info as Doc;
  const paths = document.paths as Record<string, Record<string, Doc>>;
  const components = document.components as { schemas: Record<string, unknown>; securitySchemes: Record<string, Doc> };
  const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => operationHtml(path, method, op)));
  const security = Object.entries(components.securitySchemes).map(
    ([name, scheme]) => `<dt><code>${escapeHtml(name)}</code>: ${escapeHtml(schemeSummary(scheme))}</dt><dd>${prose(scheme.description)}</dd>`,
  );
  const schemas = Object.entries(components.schemas).map(
    ([name, schema]) =>
      `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f6f8fa;padding:.75rem;overflow:auto;border-radius:6px}
.op{border-top:1px solid #d0d7de;padding-top:.5rem}.method{background:#0969da;color:#fff;border-radius:4px;padding:0 .4rem}
</style></head>
<body>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${prose(info.description)}</p>
<p>The machine-readable document: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<h2>Authentication</h2><dl>${security.join('')}</dl>
<h2>Operations</h2>
${operations.join('\n')}
<h2>Schemas</h2>
${schemas.join('\n')}
</body></html>`;
}
