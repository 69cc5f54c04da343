import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FieldErrors } from '../../lib/errors.js';
import { membershipsOf, type WorkspaceMembership } from '../auth/login.js';
import { sessionOf } from '../auth/session-guard.js';
import type { UserSession } from '../auth/sessions.js';
import { waitingForPerson } from '../conversations/handoff.js';
import { html, type HtmlValue, type SafeHtml } from './html.js';
import { assetUrl, MARKDOWN_ASSET, markdownRendererAvailable } from './static-assets.js';

/** The frame of every signed-in page: header, navigation, the page's content. */

const NAV = [
  ['agents', 'Agents', '/app/agents'],
  ['inbox', 'Inbox', '/app/inbox'],
  ['gaps', 'Gaps', '/app/gaps'],
  ['answers', 'Answers', '/app/answers'],
  ['leads', 'Leads', '/app/leads'],
  ['analytics', 'Analytics', '/app/analytics'],
  ['usage', 'Usage', '/app/usage'],
  ['sites', 'Sites', '/app/sites'],
  ['tokens', 'API tokens', '/app/tokens'],
  ['members', 'Members', '/app/members'],
] as const;

export type NavKey = (typeof NAV)[number][0];

export interface PageFrame {
  session: UserSession;
  workspaces: WorkspaceMembership[];
  /** Conversations waiting for a person: the Inbox link's badge, kept live by dashboard.js. */
  waiting: number;
}

export async function pageFrame(db: Db, request: FastifyRequest): Promise<PageFrame> {
  const session = sessionOf(request);
  const [workspaces, waiting] = await Promise.all([membershipsOf(db, session.user.id), waitingForPerson(db, session.workspace.id)]);
  return { session, workspaces, waiting: waiting.count };
}

export function csrfField(session: UserSession): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${session.csrfToken}">`;
}

function workspaceSwitcher(frame: PageFrame): SafeHtml {
  const { session, workspaces } = frame;
  if (workspaces.length < 2) return html`<span class="workspace-name">${session.workspace.name}</span>`;
  return html`<form method="post" action="/app/workspace" class="workspace-switch">
    ${csrfField(session)}
    <label class="visually-hidden" for="workspace-select">Workspace</label>
    <select id="workspace-select" name="workspace_id">
      ${workspaces.map((w) => html`<option value="${w.id}" ${w.id === session.workspace.id && 'selected'}>${w.name}</option>`)}
    </select>
    <button type="submit" class="secondary small">Switch</button>
  </form>`;
}

export function documentShell(title: string, body: SafeHtml, scripts: readonly string[] = []): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Storefront Assistant</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl('dashboard.css')}">
${markdownRendererAvailable() && html`<script src="${assetUrl(MARKDOWN_ASSET)}" defer></script>`}
<script src="${assetUrl('dashboard.js')}" defer></script>
${scripts.map((name) => html`<script src="${assetUrl(name)}" defer></script>`)}
</head>
<body>
${body}
</body>
</html>`.value;
}

export function layout(
  frame: PageFrame,
  options: { title: string; active: NavKey | null; body: SafeHtml; notice?: string | undefined; scripts?: readonly string[] },
): string {
  const { session } = frame;
  const body = html`<header class="topbar">
  <a class="brand" href="/app/agents">Storefront Assistant</a>
  ${workspaceSwitcher(frame)}
  <div class="account">
    <a class="who" href="/app/account" title="Your account">${session.user.email}</a><span class="who"> · ${session.role}</span>
    <button type="button" class="link" data-enable-notifications hidden>Notify me of waiting visitors</button>
    <form method="post" action="/app/logout">${csrfField(session)}<button type="submit" class="link">Sign out</button></form>
  </div>
</header>
<nav class="mainnav" aria-label="Dashboard" data-live-nav>
  ${NAV.map(
    ([key, label, href]) =>
      html`<a href="${href}" ${key === options.active && html`aria-current="page"`}>${label}${key === 'inbox' && waitingBadge(frame.waiting)}</a>`,
  )}
</nav>
<main>
  ${options.notice && html`<p class="notice" role="status">${options.notice}</p>`}
  ${options.body}
</main>`;
  return documentShell(options.title, body, options.scripts);
}

/** The Inbox link's count of visitors waiting for a person; present (hidden) at zero, so the page's script can fill it. */
function waitingBadge(count: number): SafeHtml {
  return html` <span class="nav-count" data-waiting-count="${count}" ${count === 0 && 'hidden'}><span class="visually-hidden">, waiting: </span><span data-count>${count}</span></span>`;
}

export function sendHtml(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').send(page);
}

/** `2026-05-01 14:03 UTC`, in a <time> element that carries the exact instant. */
export function time(value: Date | string | null | undefined): SafeHtml {
  if (!value) return html`<span class="muted">never</span>`;
  const date = typeof value === 'string' ? new Date(value) : value;
  const iso = date.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

/** The messages for one field (and its sub-fields: `coupons.0.code` under `coupons`). */
export function fieldErrors(errors: FieldErrors, key: string): SafeHtml {
  const messages = Object.entries(errors)
    .filter(([field]) => field === key || field.startsWith(`${key}.`))
    .flatMap(([field, list]) => list.map((message) => (field === key ? message : `${field.slice(key.length + 1)}: ${message}`)));
  return html`${messages.length > 0 && html`<span class="field-error">${messages.join('; ')}</span>`}`;
}

export function errorSummary(errors: FieldErrors): SafeHtml {
  const entries = Object.entries(errors);
  return html`${
    entries.length > 0 &&
    html`<div class="error-box" role="alert"><p>Please correct the following:</p><ul>${entries.map(
      ([field, messages]) => html`<li>${field === '_' ? '' : `${field.replace(/_/g, ' ')}: `}${messages.join('; ')}</li>`,
    )}</ul></div>`
  }`;
}

export function emptyState(text: HtmlValue): SafeHtml {
  return html`<p class="empty">${text}</p>`;
}

/** "Newer / Older" links for lists read with limit/offset. */
export function pager(basePath: string, params: Record<string, string | undefined>, offset: number, limit: number, shown: number): SafeHtml {
  const link = (newOffset: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
    if (newOffset > 0) query.set('offset', String(newOffset));
    const search = query.toString();
    return `${basePath}${search ? `?${search}` : ''}`;
  };
  if (offset === 0 && shown < limit) return html``;
  return html`<nav class="pager" aria-label="Pages">
    ${offset > 0 ? html`<a href="${link(Math.max(0, offset - limit))}">← Newer</a>` : html`<span></span>`}
    ${shown === limit && html`<a href="${link(offset + limit)}">Older →</a>`}
  </nav>`;
}
