import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { sessionOf } from '../../auth/session-guard.js';
import { html, type SafeHtml } from '../html.js';
import { transcriptView } from '../inbox/views.js';
import { emptyState, layout, pageFrame, pager, sendHtml, time } from '../layout.js';
import { listQuery, type ListQuery } from '../list-query.js';
import { toCsv } from './csv.js';
import { allLeads, leadDetail, leadDetailWire, leadSummary, listLeads, type LeadDetail, type LeadSubmission, type LeadSummary } from './store.js';

const leadList = z.object({ leads: z.array(leadSummary), limit: z.number().int(), offset: z.number().int() });

const CSV_HEADER = [
  'lead_id',
  'created_at',
  'updated_at',
  'email',
  'name',
  'phone',
  'agent',
  'marketing_consent',
  'site_sync_status',
  'site_user_id',
  'conversation_id',
  'fields',
];

async function sendCsv(reply: FastifyReply, deps: AppDeps, workspaceId: string) {
  const rows = (await allLeads(deps.db, workspaceId)).map((lead) => [
    lead.id,
    lead.created_at,
    lead.updated_at,
    lead.email,
    lead.name,
    lead.phone,
    lead.agent.name,
    typeof lead.consent.marketing === 'boolean' ? (lead.consent.marketing ? 'yes' : 'no') : '',
    lead.site_sync_status,
    lead.site_user_id,
    lead.conversation_id,
    Object.keys(lead.fields).length > 0 ? JSON.stringify(lead.fields) : '',
  ]);
  const day = deps.now().toISOString().slice(0, 10);
  // The byte-order mark makes spreadsheet programs read the file as UTF-8 (names with accents).
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
    .send(`\uFEFF${toCsv([CSV_HEADER, ...rows])}`);
}

export function leadApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/leads', { schema: { querystring: listQuery, response: { 200: leadList } } }, async (request) => {
    const query = request.query;
    return { leads: await listLeads(deps.db, sessionOf(request).workspace.id, query), limit: query.limit, offset: query.offset };
  });

  api.get('/app/api/leads.csv', async (request, reply) => sendCsv(reply, deps, sessionOf(request).workspace.id));

  api.get('/app/api/leads/:id', { schema: { response: { 200: leadDetailWire } } }, async (request) => {
    const { id } = request.params as { id: string };
    return leadDetail(deps.db, sessionOf(request).workspace.id, id);
  });
}

export function leadPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  pages.withTypeProvider<ZodTypeProvider>().get('/app/leads', { schema: { querystring: listQuery } }, async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const query = request.query;
    const list = await listLeads(deps.db, frame.session.workspace.id, query);
    return sendHtml(reply, layout(frame, { title: 'Leads', active: 'leads', body: leadsView(list, query) }));
  });

  pages.get('/app/leads/:id', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { id } = request.params as { id: string };
    const detail = await leadDetail(deps.db, frame.session.workspace.id, id);
    return sendHtml(reply, layout(frame, { title: detail.lead.email, active: 'leads', body: leadView(detail) }));
  });
}

const SYNC_LABELS: Record<LeadSummary['site_sync_status'], [string, string]> = {
  pending: ['pending', 'warn'],
  delivered: ['synced to site', 'ok'],
  awaiting_confirmation: ['awaiting e-mail confirmation', 'warn'],
  failed: ['sync failed', 'bad'],
  no_site: ['no site connected', ''],
};

function syncBadge(status: LeadSummary['site_sync_status']): SafeHtml {
  const [label, tone] = SYNC_LABELS[status];
  return html`<span class="badge ${tone}">${label}</span>`;
}

function leadsView(list: LeadSummary[], query: ListQuery): SafeHtml {
  return html`<div class="page-head">
    <h1>Leads</h1>
    <a class="button secondary" href="/app/api/leads.csv" download>Download CSV</a>
  </div>
  <form method="get" action="/app/leads" class="search" role="search">
    <label class="visually-hidden" for="leads-q">Search leads</label>
    <input id="leads-q" type="search" name="q" value="${query.q ?? ''}" placeholder="Search email or name">
    <button type="submit" class="secondary">Search</button>
  </form>
  ${
    list.length === 0
      ? emptyState(query.q ? 'No lead matches.' : 'No leads yet.')
      : html`<div class="table-wrap"><table>
      <thead><tr><th>Email</th><th>Name</th><th>Agent</th><th>Site user</th><th>Updated</th></tr></thead>
      <tbody>${list.map(
        (lead) => html`<tr>
          <td><a href="/app/leads/${lead.id}">${lead.email}</a></td>
          <td>${lead.name ?? ''}</td>
          <td>${lead.agent.name}</td>
          <td>${syncBadge(lead.site_sync_status)}</td>
          <td>${time(lead.updated_at)}</td>
        </tr>`,
      )}</tbody>
    </table></div>`
  }
  ${pager('/app/leads', { q: query.q }, query.offset, query.limit, list.length)}`;
}

function leadView(detail: LeadDetail): SafeHtml {
  const { lead, site_sync: sync } = detail;
  return html`<div class="page-head"><h1>${lead.email}</h1><a href="/app/leads">← Leads</a></div>
  <section class="card">
    <dl class="facts">
      <div><dt>Name</dt><dd>${lead.name ?? '—'}</dd></div>
      <div><dt>Phone</dt><dd>${lead.phone ?? '—'}</dd></div>
      <div><dt>Agent</dt><dd><a href="/app/agents/${lead.agent.id}">${lead.agent.name}</a></dd></div>
      <div><dt>Marketing consent</dt><dd>${lead.consent.marketing === true ? 'yes' : lead.consent.marketing === false ? 'no' : '—'}</dd></div>
      <div><dt>First captured</dt><dd>${time(lead.created_at)}</dd></div>
      <div><dt>Last updated</dt><dd>${time(lead.updated_at)}</dd></div>
      ${Object.entries(lead.fields).map(([key, value]) => html`<div><dt>${key}</dt><dd>${String(value)}</dd></div>`)}
    </dl>
  </section>
  <section class="card">
    <h2>Site user</h2>
    <p>${syncBadge(lead.site_sync_status)}${lead.site_user_id !== null && html` WordPress user #${lead.site_user_id}`}</p>
    ${
      sync &&
      html`<dl class="facts">
      <div><dt>Delivery attempts</dt><dd>${sync.attempts}</dd></div>
      ${sync.delivered_at && html`<div><dt>Delivered</dt><dd>${time(sync.delivered_at)}</dd></div>`}
      ${sync.failed_at && html`<div><dt>Given up</dt><dd>${time(sync.failed_at)}</dd></div>`}
      ${sync.next_attempt_at && html`<div><dt>Next attempt</dt><dd>${time(sync.next_attempt_at)}</dd></div>`}
      ${sync.last_error && html`<div><dt>Last error</dt><dd>${sync.last_error}</dd></div>`}
    </dl>`
    }
  </section>
  ${
    lead.site_sync_status === 'awaiting_confirmation' &&
    html`<p class="hint">The site e-mailed ${lead.email} a confirmation link; its user is created once the link is followed.</p>`
  }
  <section class="card">
    <h2>History</h2>
    ${historyView(detail.history)}
  </section>
  <section>
    <h2>Conversation</h2>
    ${detail.conversation ? transcriptView(detail.conversation) : emptyState('The conversation is no longer available.')}
  </section>`;
}

const consentText = (consent: Record<string, unknown>) => (consent.marketing === true ? 'yes' : consent.marketing === false ? 'no' : '—');

/** Later submissions of the lead's email: shown as they came, applied to nothing. */
function historyView(history: LeadSubmission[]): SafeHtml {
  if (history.length === 0) return html`<p class="hint">Submitted once; the values above are that submission's.</p>`;
  return html`<p class="hint">The values above are the first submission's. The email was submitted again later, by someone who typed it:
    these submissions changed nothing on the lead and were not sent to the site.</p>
  <div class="table-wrap"><table>
    <thead><tr><th>Submitted</th><th>Name</th><th>Phone</th><th>Marketing consent</th><th>Other fields</th><th>Conversation</th></tr></thead>
    <tbody>${history.map(
      (entry) => html`<tr>
        <td>${time(entry.submitted_at)}</td>
        <td>${entry.name ?? '—'}</td>
        <td>${entry.phone ?? '—'}</td>
        <td>${consentText(entry.consent)}</td>
        <td>${Object.entries(entry.fields).map(([key, value]) => html`<div>${key}: ${String(value)}</div>`)}</td>
        <td>${entry.conversation_id ? html`<a href="/app/inbox/${entry.conversation_id}">open</a>` : '—'}</td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}
