import { desc, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { apiTokens } from '../../../db/schema.js';
import { notFound, type FieldErrors } from '../../../lib/errors.js';
import { parseInput } from '../../../lib/validate.js';
import { commandSchemas } from '../../admin/commands.js';
import { ABILITIES, createApiToken, revokeApiToken } from '../../auth/api-tokens.js';
import { can, requirePermission } from '../../auth/permissions.js';
import { permissionFirst, sessionOf } from '../../auth/session-guard.js';
import { attempt, field, fieldList, formOf } from '../form-body.js';
import { html, type SafeHtml } from '../html.js';
import { csrfField, emptyState, errorSummary, fieldErrors, layout, pageFrame, sendHtml, time, type PageFrame } from '../layout.js';
import { isUuid } from '../sql.js';
import { handoffWebhookOf, registerHandoffWebhook, removeHandoffWebhook, webhookPolicy, type HandoffWebhookView } from '../../conversations/handoff-webhook.js';

/**
 * API tokens (svc_...) for the WordPress plugin: created with abilities, shown once, revoked. The
 * same page registers the team's webhook for handoff notices (its secret, too, is shown once):
 * both are the workspace's credentials for systems outside the dashboard, under `token-manage`.
 */

const tokenArgs = commandSchemas['token:create'].shape;
const tokenCreate = z.strictObject({ name: tokenArgs.name, abilities: tokenArgs.ability });

const tokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  display_prefix: z.string(),
  abilities: z.array(z.string()),
  status: z.enum(['active', 'revoked', 'expired']),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
type TokenSummary = z.infer<typeof tokenSummary>;

const webhookBody = z.strictObject({ url: z.string().max(2048, 'must be at most 2048 characters') });

/** A new token: the plaintext is in this answer only. */
const issuedToken = z.object({ id: z.uuid(), name: z.string(), abilities: z.array(z.string()), display_prefix: z.string(), token: z.string() });

async function listTokens(db: Db, workspaceId: string, now: Date): Promise<TokenSummary[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.workspaceId, workspaceId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    display_prefix: row.displayPrefix,
    abilities: row.abilities,
    status: row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active',
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }));
}

async function issueToken(db: Db, workspaceId: string, input: z.infer<typeof tokenCreate>) {
  const abilities = [...new Set(input.abilities)];
  const created = await createApiToken(db, { workspaceId, name: input.name, abilities });
  return { id: created.id, name: input.name, abilities, display_prefix: created.displayPrefix, token: created.token };
}

async function revoke(db: Db, workspaceId: string, tokenId: string): Promise<void> {
  if (!isUuid(tokenId) || !(await revokeApiToken(db, workspaceId, tokenId))) throw notFound('Active token');
}

export function tokenApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/tokens', { schema: { response: { 200: z.object({ tokens: z.array(tokenSummary) }) } } }, async (request) => ({
    tokens: await listTokens(deps.db, sessionOf(request).workspace.id, deps.now()),
  }));

  api.post(
    '/app/api/tokens',
    { schema: { body: tokenCreate, response: { 201: issuedToken } }, preValidation: permissionFirst('token-manage') },
    async (request, reply) => {
      const session = sessionOf(request);
      // The plaintext is in this answer only; the service keeps its SHA-256.
      return reply.status(201).send(await issueToken(deps.db, session.workspace.id, request.body));
    },
  );

  const webhookWire = z.object({ url: z.string(), created_at: z.string() });
  api.get('/app/api/handoff-webhook', { schema: { response: { 200: z.object({ webhook: webhookWire.nullable() }) } } }, async (request) => ({
    webhook: await handoffWebhookOf(deps.db, sessionOf(request).workspace.id),
  }));

  api.put(
    '/app/api/handoff-webhook',
    {
      schema: { body: webhookBody, response: { 200: webhookWire.extend({ secret: z.string() }) } },
      preValidation: permissionFirst('token-manage'),
    },
    // The secret is in this answer only.
    async (request) => registerHandoffWebhook(deps.db, webhookPolicy(deps.sitePolicy), { workspaceId: sessionOf(request).workspace.id, url: request.body.url }),
  );

  api.delete(
    '/app/api/handoff-webhook',
    { schema: { response: { 200: z.object({ removed: z.boolean() }) } }, preValidation: permissionFirst('token-manage') },
    async (request) => ({ removed: await removeHandoffWebhook(deps.db, sessionOf(request).workspace.id) }),
  );

  api.delete('/app/api/tokens/:id', { schema: { response: { 200: z.object({ id: z.string(), revoked: z.boolean() }) } } }, async (request) => {
    const session = sessionOf(request);
    requirePermission(session.role, 'token-manage');
    const { id } = request.params as { id: string };
    await revoke(deps.db, session.workspace.id, id);
    return { id, revoked: true };
  });
}

export function tokenPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  const render = async (frame: PageFrame, view: TokenPageView) =>
    layout(frame, {
      title: 'API tokens',
      active: 'tokens',
      notice: view.notice,
      body: html`${tokensView(frame, await listTokens(deps.db, frame.session.workspace.id, deps.now()), view)}
      ${webhookView(frame, await handoffWebhookOf(deps.db, frame.session.workspace.id), view)}`,
    });

  pages.get('/app/tokens', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { notice } = request.query as { notice?: string };
    return sendHtml(reply, await render(frame, { errors: {}, notice: NOTICES[notice ?? ''] }));
  });

  pages.post('/app/tokens', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'token-manage');
    const form = formOf(request.body);
    const outcome = await attempt(() =>
      issueToken(deps.db, frame.session.workspace.id, parseInput(tokenCreate, { name: field(form, 'name'), abilities: fieldList(form, 'abilities') })),
    );
    if (!outcome.ok) return sendHtml(reply, await render(frame, { errors: outcome.errors, name: field(form, 'name') }), 400);
    return sendHtml(reply, await render(frame, { errors: {}, created: outcome.value }));
  });

  pages.post('/app/tokens/webhook', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'token-manage');
    const url = field(formOf(request.body), 'url');
    const outcome = await attempt(() => registerHandoffWebhook(deps.db, webhookPolicy(deps.sitePolicy), { workspaceId: frame.session.workspace.id, url }));
    if (!outcome.ok) return sendHtml(reply, await render(frame, { errors: {}, webhookErrors: outcome.errors, webhookUrl: url }), 400);
    return sendHtml(reply, await render(frame, { errors: {}, webhookSecret: outcome.value.secret }));
  });

  pages.post('/app/tokens/webhook/remove', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'token-manage');
    await removeHandoffWebhook(deps.db, frame.session.workspace.id);
    return reply.redirect('/app/tokens?notice=webhook-removed', 303);
  });

  pages.post('/app/tokens/:id/revoke', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'token-manage');
    const { id } = request.params as { id: string };
    await revoke(deps.db, frame.session.workspace.id, id);
    return reply.redirect('/app/tokens?notice=revoked', 303);
  });
}

const NOTICES: Record<string, string> = {
  revoked: 'Token revoked. The plugin using it can no longer connect.',
  'webhook-removed': 'Webhook removed. Nothing more is sent to it.',
};

interface TokenPageView {
  errors: FieldErrors;
  webhookErrors?: FieldErrors;
  webhookUrl?: string;
  /** The new webhook's secret, on the page that made it only. */
  webhookSecret?: string;
  name?: string;
  notice?: string | undefined;
  created?: { name: string; token: string };
}

function tokensView(frame: PageFrame, tokens: TokenSummary[], view: TokenPageView): SafeHtml {
  const manage = can(frame.session.role, 'token-manage');
  return html`<div class="page-head"><h1>API tokens</h1></div>
  ${
    view.created &&
    html`<section class="card created-token" role="status">
    <h2>Token “${view.created.name}” created</h2>
    <p>Copy it now: it is shown only once. Paste it into the plugin's settings in WordPress.</p>
    <pre id="new-token"><code>${view.created.token}</code></pre>
    <button type="button" class="secondary" data-copy-target="new-token">Copy token</button>
  </section>`
  }
  ${
    manage
      ? html`<section class="card">
      <h2>New token</h2>
      ${errorSummary(view.errors)}
      <form method="post" action="/app/tokens" class="stacked">
        ${csrfField(frame.session)}
        <label>Name <input name="name" value="${view.name ?? ''}" required maxlength="200" placeholder="WordPress shop">${fieldErrors(view.errors, 'name')}</label>
        <fieldset class="abilities"><legend>Abilities</legend>
          ${ABILITIES.map((ability) => html`<label class="check"><input type="checkbox" name="abilities" value="${ability}" checked> ${ability}</label>`)}
          ${fieldErrors(view.errors, 'abilities')}
        </fieldset>
        <div class="actions"><button type="submit">Create token</button></div>
      </form>
    </section>`
      : html`<p class="notice">Your role (${frame.session.role}) can see tokens but not create or revoke them.</p>`
  }
  ${
    tokens.length === 0
      ? emptyState('No tokens yet.')
      : html`<div class="table-wrap"><table class="tokens">
      <thead><tr><th>Name</th><th>Token</th><th>Abilities</th><th>Created</th><th>Last used</th><th>Status</th><th></th></tr></thead>
      <tbody>${tokens.map(
        (token) => html`<tr data-token-id="${token.id}">
          <td>${token.name}</td>
          <td><code>${token.display_prefix}…</code></td>
          <td>${token.abilities.join(', ') || html`<span class="muted">none</span>`}</td>
          <td>${time(token.created_at)}</td>
          <td>${time(token.last_used_at)}</td>
          <td>${token.status === 'active' ? html`<span class="badge ok">active</span>` : html`<span class="badge">${token.status}</span>`}</td>
          <td>${
            manage &&
            token.status === 'active' &&
            html`<form method="post" action="/app/tokens/${token.id}/revoke" data-confirm="Revoke “${token.name}”? Sites using it stop syncing.">
            ${csrfField(frame.session)}<button type="submit" class="danger small">Revoke</button>
          </form>`
          }</td>
        </tr>`,
      )}</tbody>
    </table></div>`
  }`;
}

function webhookView(frame: PageFrame, webhook: HandoffWebhookView | null, view: TokenPageView): SafeHtml {
  const manage = can(frame.session.role, 'token-manage');
  return html`<section class="card" id="handoff-webhook" aria-labelledby="webhook-title">
    <h2 id="webhook-title">Webhook for the team</h2>
    <p>When a conversation starts waiting for a person, and when one is resolved, the service POSTs a signed JSON notice
      here (header <code>X-Service-Signature</code>, as for the plugin; see the contract). Optional.</p>
    ${
      view.webhookSecret &&
      html`<div class="created-token" role="status">
      <p>Copy the signing secret now: it is shown only once. Registering the webhook again makes a new one.</p>
      <pre id="webhook-secret"><code>${view.webhookSecret}</code></pre>
      <button type="button" class="secondary" data-copy-target="webhook-secret">Copy secret</button>
    </div>`
    }
    ${webhook ? html`<p>Sending to <code data-webhook-url>${webhook.url}</code> since ${time(webhook.created_at)}.</p>` : html`<p class="muted">No webhook.</p>`}
    ${
      manage &&
      html`${errorSummary(view.webhookErrors ?? {})}
      <form method="post" action="/app/tokens/webhook" class="stacked">
        ${csrfField(frame.session)}
        <label>URL <input name="url" type="url" value="${view.webhookUrl ?? webhook?.url ?? ''}" required maxlength="2048" placeholder="https://hooks.example.com/store">${fieldErrors(view.webhookErrors ?? {}, 'url')}</label>
        <div class="actions"><button type="submit">${webhook ? 'Save and make a new secret' : 'Register webhook'}</button></div>
      </form>
      ${
        webhook &&
        html`<form method="post" action="/app/tokens/webhook/remove" data-confirm="Remove the webhook? Nothing more is sent to it.">
        ${csrfField(frame.session)}<button type="submit" class="danger small">Remove webhook</button>
      </form>`
      }`
    }
  </section>`;
}
