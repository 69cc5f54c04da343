import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { sessionOf } from '../../auth/session-guard.js';
import { html, type SafeHtml } from '../html.js';
import { emptyState, layout, pageFrame, sendHtml } from '../layout.js';
import { chartLibraryAvailable, CHART_ASSET } from '../static-assets.js';
import { analytics, analyticsWire, type Analytics } from './store.js';

const RANGES = [7, 30, 90] as const;
const analyticsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export function analyticsApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/analytics', { schema: { querystring: analyticsQuery, response: { 200: analyticsWire } } }, async (request) => {
    const { days } = request.query;
    return analytics(deps.db, sessionOf(request).workspace.id, deps.now(), days);
  });
}

export function analyticsPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  pages.withTypeProvider<ZodTypeProvider>().get('/app/analytics', { schema: { querystring: analyticsQuery } }, async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { days } = request.query;
    const figures = await analytics(deps.db, frame.session.workspace.id, deps.now(), days);
    const scripts = chartLibraryAvailable() ? [CHART_ASSET, 'analytics.js'] : ['analytics.js'];
    return sendHtml(reply, layout(frame, { title: 'Analytics', active: 'analytics', body: analyticsView(figures), scripts }));
  });
}

/** A share of the answers, as a whole percentage ("—" when there were none). */
function share(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`;
}

function qualitySection(figures: Analytics): SafeHtml {
  const q = figures.quality.totals;
  const votes = q.thumbs_up + q.thumbs_down;
  const stat = (label: string, value: string, detail: string) =>
    html`<div class="stat"><span class="value">${value}</span><span class="label">${label}</span><span class="detail">${detail}</span></div>`;
  return html`<section class="card" data-testid="answer-quality">
    <h2>Answer quality</h2>
    <p class="hint">Answers to questions (small talk aside): ${q.answers}.</p>
    <div class="stats">
      ${stat('Answered with confidence', share(q.confident, q.answers), `${q.confident} of ${q.answers}`)}
      ${stat('Abstained', share(q.abstained, q.answers), `${q.abstained} of ${q.answers}`)}
      ${stat('Escalated', share(q.escalated, q.answers), `${q.escalated} of ${q.answers}`)}
      ${stat('By your answers', share(q.owner_answers, q.answers), `${q.owner_answers} of ${q.answers}`)}
      ${stat('Thumbs up', share(q.thumbs_up, votes), `${q.thumbs_up} of ${votes} votes`)}
      ${stat('Thumbs down', share(q.thumbs_down, votes), `${q.thumbs_down} of ${votes} votes`)}
    </div>
    <div class="chart-box">
      <canvas id="quality-chart" data-source="/app/api/analytics?days=${figures.range.days}" role="img" aria-label="Answer quality per day, ${figures.range.from} to ${figures.range.to}"></canvas>
    </div>
    <h3>Top gaps</h3>
    ${figures.top_gaps.length === 0
      ? emptyState('No gaps in this range.')
      : html`<ol>${figures.top_gaps.map((gap) => html`<li>${gap.question} <span class="muted">(${gap.count})</span></li>`)}</ol>
        <p><a href="/app/gaps?days=${figures.range.days}">All gaps</a></p>`}
  </section>`;
}

function analyticsView(figures: Analytics): SafeHtml {
  const { totals, range } = figures;
  const activeDays = figures.daily.filter((day) => day.conversations + day.messages + day.leads + day.escalations + day.coupon_applies > 0).reverse();
  const stat = (label: string, value: number) => html`<div class="stat"><span class="value">${value}</span><span class="label">${label}</span></div>`;
  return html`<div class="page-head">
    <h1>Analytics</h1>
    <nav class="segmented" aria-label="Range">${RANGES.map(
      (d) => html`<a href="/app/analytics?days=${d}" ${d === range.days && html`aria-current="page"`}>${d} days</a>`,
    )}</nav>
  </div>
  <p class="hint">Production conversations only (Playground tests are never counted), ${range.from} to ${range.to}, UTC days.</p>
  <div class="stats">
    ${stat('Conversations', totals.conversations)}
    ${stat('Messages', totals.messages)}
    ${stat('Leads', totals.leads)}
    ${stat('Escalations', totals.escalations)}
    ${stat('Coupon applies', totals.coupon_applies)}
  </div>
  ${qualitySection(figures)}
  <section class="card">
    <h2>Conversations and messages per day</h2>
    <div class="chart-box">
      <canvas id="analytics-chart" data-source="/app/api/analytics?days=${range.days}" role="img"
        aria-label="Conversations and messages per day, ${range.from} to ${range.to}"></canvas>
    </div>
    <p class="chart-unavailable muted" hidden>The chart library is not installed; the figures are in the table below.</p>
  </section>
  <div class="two-columns">
    <section class="card">
      <h2>Widget events</h2>
      ${figures.widget_events.length === 0
        ? emptyState('No widget events in this range.')
        : html`<table class="compact"><thead><tr><th>Event</th><th class="num">Count</th></tr></thead><tbody>${figures.widget_events.map(
            (event) => html`<tr><td>${event.name}</td><td class="num">${event.count}</td></tr>`,
          )}</tbody></table>`}
    </section>
    <section class="card">
      <h2>Answer feedback</h2>
      ${figures.feedback.length === 0
        ? emptyState('No answer was rated in this range.')
        : html`<table class="compact" data-testid="feedback-per-agent"><thead><tr><th>Agent</th><th class="num">Helpful</th><th class="num">Not helpful</th></tr></thead><tbody>${figures.feedback.map(
            (row) => html`<tr><td><a href="/app/agents/${row.agent_id}">${row.agent_name}</a></td><td class="num">${row.up}</td><td class="num">${row.down}</td></tr>`,
          )}</tbody></table>`}
    </section>
    <section class="card">
      <h2>Coupons</h2>
      <p>${totals.coupon_applies} apply attempts, ${totals.coupons_staged} staged in a cart.</p>
    </section>
  </div>
  <section class="card">
    <h2>Per day</h2>
    ${activeDays.length === 0
      ? emptyState('No activity in this range.')
      : html`<p class="hint">Newest first; days without activity are left out.</p>
      <div class="table-wrap"><table class="compact">
        <thead><tr><th>Day</th><th class="num">Conversations</th><th class="num">Messages</th><th class="num">Leads</th><th class="num">Escalations</th><th class="num">Coupon applies</th></tr></thead>
        <tbody>${activeDays.map(
          (day) => html`<tr><td>${day.date}</td><td class="num">${day.conversations}</td><td class="num">${day.messages}</td><td class="num">${day.leads}</td><td class="num">${day.escalations}</td><td class="num">${day.coupon_applies}</td></tr>`,
        )}</tbody>
      </table></div>`}
  </section>`;
}
