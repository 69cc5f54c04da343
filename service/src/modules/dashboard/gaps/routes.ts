import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { errorResponses } from '../../../lib/route-schema.js';
import { parseInput } from '../../../lib/validate.js';
import { createTest, testInput } from '../../agent-tests/store.js';
import { can, requirePermission } from '../../auth/permissions.js';
import { sessionOf } from '../../auth/session-guard.js';
import { agentInWorkspace, listAgents } from '../../agents/store.js';
import { field, formOf } from '../form-body.js';
import { html, type SafeHtml } from '../html.js';
import { emptyState, csrfField, layout, pageFrame, sendHtml, time, type PageFrame } from '../layout.js';
import { isUuid } from '../sql.js';
import { gapClusters, type GapCluster } from './store.js';

/** The Gaps page: what the assistant could not answer well, grouped, with the way to fix each. */

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGES = [7, 30, 90] as const;
const gapQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30), agent_id: z.string().max(64).optional() });

const clusterSchema = z.object({
  question: z.string(),
  variants: z.array(z.string()),
  count: z.number(),
  last_seen: z.string(),
  languages: z.array(z.string()),
  agent_ids: z.array(z.string()),
  signals: z.object({ low_confidence: z.number(), abstained: z.number(), escalated: z.number(), thumbs_down: z.number() }),
  examples: z.array(z.object({ conversation_id: z.string(), message_id: z.string(), question: z.string(), at: z.string() })),
  answer_id: z.string().nullable(),
});

async function readGaps(deps: AppDeps, workspaceId: string, query: z.infer<typeof gapQuery>): Promise<GapCluster[]> {
  // An agent id that is not a uuid names no agent: nothing matches, rather than an error.
  if (query.agent_id && !isUuid(query.agent_id)) return [];
  return gapClusters(deps.db, workspaceId, { from: new Date(deps.now().getTime() - query.days * DAY_MS), agentId: query.agent_id || undefined });
}

export function gapApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/app/api/gaps',
      { schema: { querystring: gapQuery, response: { 200: z.object({ gaps: z.array(clusterSchema) }), ...errorResponses(400, 401) } } },
      async (request) => ({ gaps: await readGaps(deps, sessionOf(request).workspace.id, request.query) }),
    );
}

export function gapPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  const typed = pages.withTypeProvider<ZodTypeProvider>();
  typed.get('/app/gaps', { schema: { querystring: gapQuery } }, async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const workspaceId = frame.session.workspace.id;
    const [gaps, agents] = await Promise.all([readGaps(deps, workspaceId, request.query), listAgents(deps.db, workspaceId)]);
    const { notice } = request.query as { notice?: string };
    const body = gapsView(
      frame,
      gaps,
      agents.map((agent) => ({ id: agent.id, name: agent.name })),
      request.query,
    );
    return sendHtml(
      reply,
      layout(frame, { title: 'Gaps', active: 'gaps', body, notice: notice === 'test_saved' ? "Saved as a test in the agent's suite." : undefined }),
    );
  });

  // "Save as test" from a gap: the question becomes a test that passes once it is answered.
  pages.post('/app/gaps/tests', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const form = formOf(request.body);
    const agent = await agentInWorkspace(deps.db, frame.session.workspace.id, field(form, 'agent_id'));
    await createTest(
      deps.db,
      agent.workspaceId,
      agent.id,
      parseInput(testInput, { question: field(form, 'question'), language: field(form, 'language') || null }),
    );
    return reply.redirect('/app/gaps?notice=test_saved', 303);
  });
}

function gapsView(frame: PageFrame, gaps: GapCluster[], agents: { id: string; name: string }[], query: z.infer<typeof gapQuery>): SafeHtml {
  const editable = can(frame.session.role, 'agent-update');
  const agentName = new Map(agents.map((agent) => [agent.id, agent.name]));
  const signal = (label: string, count: number) => count > 0 && html`<span class="badge">${label} ${count}</span>`;
  return html`<div class="page-head"><h1>Gaps</h1></div>
  <p class="hint">Questions the assistant could not answer well (low confidence, no answer, escalated, or a visitor's thumbs down), grouped by similar wording. Production conversations only. Write the answer once and every agent it applies to uses it.</p>
  <form method="get" action="/app/gaps" class="filters">
    <label>Agent <select name="agent_id"><option value="">All agents</option>${agents.map(
      (agent) => html`<option value="${agent.id}" ${agent.id === query.agent_id && 'selected'}>${agent.name}</option>`,
    )}</select></label>
    <label>Period <select name="days">${RANGES.map((days) => html`<option value="${days}" ${days === query.days && 'selected'}>Last ${days} days</option>`)}</select></label>
    <button type="submit" class="secondary small">Show</button>
  </form>
  ${
    gaps.length === 0
      ? emptyState('No gaps in this period.')
      : html`<div class="table-wrap"><table data-testid="gaps">
      <thead><tr><th>Question</th><th class="num">Times</th><th>Last seen</th><th>Languages</th><th>Why</th><th>Examples</th><th></th></tr></thead>
      <tbody>${gaps.map((gap) => {
        const agentId = gap.agent_ids[0] ?? '';
        const language = gap.languages[0] ?? '';
        const write = `/app/answers/new?${new URLSearchParams({ question: [gap.question, ...gap.variants].join('\n'), agent_id: agentId, language })}`;
        return html`<tr data-testid="gap">
          <td><strong class="gap-question">${gap.question}</strong>${gap.variants.length > 0 && html`<br><span class="muted">also: ${gap.variants.join(' · ')}</span>`}
            <br><span class="muted">${gap.agent_ids.map((id) => agentName.get(id) ?? id).join(', ')}</span></td>
          <td class="num">${gap.count}</td>
          <td>${time(gap.last_seen)}</td>
          <td>${gap.languages.join(', ')}</td>
          <td>${signal('low confidence', gap.signals.low_confidence)} ${signal('no answer', gap.signals.abstained)} ${signal('escalated', gap.signals.escalated)} ${signal('thumbs down', gap.signals.thumbs_down)}</td>
          <td>${gap.examples.map((example) => html`<a href="/app/inbox/${example.conversation_id}">${time(example.at)}</a><br>`)}</td>
          <td>${gap.answer_id && html`<p class="badge ok" data-testid="gap-answered">Answered by <a href="/app/answers/${gap.answer_id}">your answer</a></p>`}${
            editable &&
            html`${!gap.answer_id && html`<a class="button small" href="${write}" data-testid="write-answer">Write the answer</a>`}
            <form method="post" action="/app/gaps/tests">${csrfField(frame.session)}
              <input type="hidden" name="agent_id" value="${agentId}"><input type="hidden" name="question" value="${gap.question}"><input type="hidden" name="language" value="${language}">
              <button type="submit" class="secondary small" data-testid="gap-save-test">Save as test</button></form>`
          }</td>
        </tr>`;
      })}</tbody></table></div>`
  }`;
}
