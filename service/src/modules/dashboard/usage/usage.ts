import { and, eq, gte, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { messages } from '../../../db/schema.js';
import type { FieldErrors } from '../../../lib/errors.js';
import { parseInput } from '../../../lib/validate.js';
import { requirePermission } from '../../auth/permissions.js';
import { sessionOf } from '../../auth/session-guard.js';
import { attempt, field, formOf } from '../form-body.js';
import { html, type SafeHtml } from '../html.js';
import { layout, pageFrame, sendHtml, type PageFrame } from '../layout.js';
import { capNotices, capsApiRoutes, draftOfCaps, saveWorkspaceCaps, spendingSection, spendingView, workspaceCapsBody, type CapsDraft } from './caps.js';
import { productionConversations } from '../../conversations/store.js';
import { utcMonth } from '../sql.js';

/**
 * Billable usage per UTC month: production conversations in which a visitor wrote, their
 * messages, and the model tokens of the replies. Playground conversations are never billed: every
 * figure is read through productionConversations.
 */

const monthlyUsageWire = z.object({
  month: z.string().describe('YYYY-MM'),
  conversations: z.number().int(),
  messages: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  total_tokens: z.number().int(),
});
type MonthlyUsage = z.infer<typeof monthlyUsageWire>;

const usageQuery = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });
/** The page's query: the API's, and the notice a saved form redirects with. */
const usagePageQuery = usageQuery.extend({ notice: z.string().max(40).optional() });

async function monthlyUsage(db: Db, workspaceId: string, now: Date, months: number): Promise<MonthlyUsage[]> {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const pc = productionConversations(db, workspaceId);
  const [conversationRows, messageRows] = await Promise.all([
    db
      .select({ month: utcMonth(pc.createdAt), n: sql<number>`count(*)::int` })
      .from(pc)
      .where(
        and(
          gte(pc.createdAt, from),
          sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.conversationId} = ${pc.id} AND ${messages.workspaceId} = ${workspaceId} AND ${messages.role} = 'user')`,
        ),
      )
      .groupBy(sql`1`),
    db
      .select({
        month: utcMonth(messages.createdAt),
        n: sql<number>`count(*)::int`,
        input: sql<string>`coalesce(sum((${messages.usage}->>'input_tokens')::numeric), 0)::text`,
        output: sql<string>`coalesce(sum((${messages.usage}->>'output_tokens')::numeric), 0)::text`,
        total: sql<string>`coalesce(sum((${messages.usage}->>'total_tokens')::numeric), 0)::text`,
      })
      .from(pc)
      .innerJoin(messages, and(eq(messages.conversationId, pc.id), eq(messages.workspaceId, workspaceId)))
      .where(gte(messages.createdAt, from))
      .groupBy(sql`1`),
  ]);
  const result: MonthlyUsage[] = [];
  for (let i = 0; i < months; i += 1) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7);
    const m = messageRows.find((row) => row.month === month);
    result.push({
      month,
      conversations: Number(conversationRows.find((row) => row.month === month)?.n ?? 0),
      messages: Number(m?.n ?? 0),
      input_tokens: Number(m?.input ?? 0),
      output_tokens: Number(m?.output ?? 0),
      total_tokens: Number(m?.total ?? 0),
    });
  }
  return result;
}

export function usageApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/usage', { schema: { querystring: usageQuery, response: { 200: z.object({ months: z.array(monthlyUsageWire) }) } } }, async (request) => {
    const { months } = request.query;
    return { months: await monthlyUsage(deps.db, sessionOf(request).workspace.id, deps.now(), months) };
  });
  capsApiRoutes(api, deps);
}

export function usagePageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  const render = async (frame: PageFrame, months: number, caps?: { draft: CapsDraft; errors: FieldErrors }, notice?: string) => {
    const workspaceId = frame.session.workspace.id;
    const [usage, spending] = await Promise.all([monthlyUsage(deps.db, workspaceId, deps.now(), months), spendingView(deps.db, workspaceId)]);
    const body = html`<div class="page-head"><h1>Usage</h1></div>
      ${capNotices(spending)}
      ${spendingSection(frame, spending, caps?.errors ?? {}, caps?.draft ?? draftOfCaps(spending.workspace.caps))}
      ${usageView(usage)}`;
    return layout(frame, { title: 'Usage', active: 'usage', body, notice });
  };

  pages.withTypeProvider<ZodTypeProvider>().get('/app/usage', { schema: { querystring: usagePageQuery } }, async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { months, notice } = request.query;
    return sendHtml(reply, await render(frame, months, undefined, notice ? NOTICES[notice] : undefined));
  });

  pages.post('/app/usage/caps', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'spend-manage');
    const form = formOf(request.body);
    const draft = { daily_token_cap: field(form, 'daily_token_cap'), daily_cost_cap_usd: field(form, 'daily_cost_cap_usd') };
    const outcome = await attempt(() => saveWorkspaceCaps(deps.db, frame.session.workspace.id, parseInput(workspaceCapsBody, draft)));
    if (!outcome.ok) return sendHtml(reply, await render(frame, 12, { draft, errors: outcome.errors }), 400);
    return reply.redirect('/app/usage?notice=caps_saved', 303);
  });
}

const NOTICES: Record<string, string> = { caps_saved: 'Workspace caps saved.' };

const number = new Intl.NumberFormat('en-US');

function usageView(usage: MonthlyUsage[]): SafeHtml {
  return html`<h2>Per month</h2>
  <p class="hint">Billable usage per month (UTC): conversations in which a visitor wrote, their messages, and the model tokens of the replies. Playground tests are not billed.</p>
  <div class="table-wrap"><table class="usage">
    <thead><tr><th>Month</th><th class="num">Conversations</th><th class="num">Messages</th><th class="num">Input tokens</th><th class="num">Output tokens</th><th class="num">Total tokens</th></tr></thead>
    <tbody>${usage.map(
      (m) =>
        html`<tr><td>${m.month}</td><td class="num">${number.format(m.conversations)}</td><td class="num">${number.format(m.messages)}</td><td class="num">${number.format(m.input_tokens)}</td><td class="num">${number.format(m.output_tokens)}</td><td class="num">${number.format(m.total_tokens)}</td></tr>`,
    )}</tbody>
  </table></div>`;
}
