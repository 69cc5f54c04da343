import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { sessionOf } from '../../auth/session-guard.js';
import { html, type SafeHtml } from '../html.js';
import { emptyState, layout, pageFrame, sendHtml } from '../layout.js';
import { chartLibraryAvailable, CHART_ASSET } from '../static-assets.js';
import { FEEDBACK_REASON_LABELS } from '../feedback-reasons.js';
import { analytics, analyticsWire, daysBetween, daysEndingToday, type Analytics, type DayRange } from './store.js';

const RANGES = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;
/** The longest range, in days: a year's figures are read in one request at most. */
export const MAX_RANGE_DAYS = 366;

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a date that exists');

/** Either the last `days` days, or the UTC days `from` to `to`, both included. */
const analyticsQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(MAX_RANGE_DAYS).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .superRefine((query, context) => {
    const refuse = (path: 'days' | 'from' | 'to', message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (query.from === undefined && query.to === undefined) return;
    if (query.from === undefined) return refuse('from', 'give both from and to');
    if (query.to === undefined) return refuse('to', 'give both from and to');
    if (query.days !== undefined) return refuse('days', 'give either days, or from and to');
    const { days } = daysBetween(query.from, query.to);
    if (days < 1) return refuse('to', 'must not be before from');
    if (days > MAX_RANGE_DAYS) refuse('to', `must be at most ${MAX_RANGE_DAYS} days from from`);
  });
type AnalyticsQuery = z.infer<typeof analyticsQuery>;

function rangeOf(query: AnalyticsQuery, now: Date): DayRange {
  return query.from && query.to ? daysBetween(query.from, query.to) : daysEndingToday(now, query.days ?? DEFAULT_DAYS);
}

export function analyticsApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/analytics', { schema: { querystring: analyticsQuery, response: { 200: analyticsWire } } }, async (request) =>
    analytics(deps.db, sessionOf(request).workspace.id, rangeOf(request.query, deps.now())),
  );
}

export function analyticsPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  pages.withTypeProvider<ZodTypeProvider>().get('/app/analytics', { schema: { querystring: analyticsQuery } }, async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const figures = await analytics(deps.db, frame.session.workspace.id, rangeOf(request.query, deps.now()));
    const scripts = chartLibraryAvailable() ? [CHART_ASSET, 'analytics.js'] : ['analytics.js'];
    const chosenDates = request.query.from !== undefined;
    return sendHtml(reply, layout(frame, { title: 'Analytics', active: 'analytics', body: analyticsView(figures, chosenDates), scripts }));
  });
}

/** The API address of the figures shown, for the charts. */
function figuresSource(figures: Analytics): string {
  return `/app/api/analytics?from=${figures.range.from}&to=${figures.range.to}`;
}

/** The columns of the thumbs-down reasons, in the words the inbox uses. */
const DOWN_REASONS = [
  ...Object.entries(FEEDBACK_REASON_LABELS).map(([reason, label]) => [reason, label.charAt(0).toUpperCase() + label.slice(1)]),
  ['unstated', 'No reason given'],
] as [keyof Analytics['feedback'][number]['down_reasons'], string][];

/** A share of the answers, as a whole percentage ("—" when there were none). */
function share(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`;
}

function qualitySection(figures: Analytics, chosenDates: boolean): SafeHtml {
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
      <canvas id="quality-chart" data-source="${figuresSource(figures)}" role="img" aria-label="Answer quality per day, ${figures.range.from} to ${figures.range.to}"></canvas>
    </div>
    <h3>Top gaps</h3>
    ${
      figures.top_gaps.length === 0
        ? emptyState('No gaps in this range.')
        : html`<ol>${figures.top_gaps.map((gap) => html`<li>${gap.question} <span class="muted">(${gap.count})</span></li>`)}</ol>
        <p><a href="${chosenDates ? '/app/gaps' : `/app/gaps?days=${figures.range.days}`}">All gaps</a></p>`
    }
  </section>`;
}

function analyticsView(figures: Analytics, chosenDates: boolean): SafeHtml {
  const { totals, range } = figures;
  const activeDays = figures.daily.filter((day) => day.conversations + day.messages + day.leads + day.escalations + day.coupon_applies > 0).reverse();
  const stat = (label: string, value: number) => html`<div class="stat"><span class="value">${value}</span><span class="label">${label}</span></div>`;
  return html`<div class="page-head">
    <h1>Analytics</h1>
    <nav class="segmented" aria-label="Range">${RANGES.map(
      (d) => html`<a href="/app/analytics?days=${d}" ${!chosenDates && d === range.days && html`aria-current="page"`}>${d} days</a>`,
    )}</nav>
  </div>
  <form class="filters" method="get" action="/app/analytics" aria-label="Date range" data-testid="analytics-range">
    <label>From <input type="date" name="from" value="${range.from}" required></label>
    <label>To <input type="date" name="to" value="${range.to}" required></label>
    <button type="submit" class="secondary small">Show</button>
    <span class="hint">Up to ${MAX_RANGE_DAYS} days.</span>
  </form>
  <p class="hint">Production conversations only (Playground tests are never counted), ${range.from} to ${range.to}, UTC days.</p>
  <div class="stats">
    ${stat('Conversations', totals.conversations)}
    ${stat('Messages', totals.messages)}
    ${stat('Leads', totals.leads)}
    ${stat('Escalations', totals.escalations)}
    ${stat('Coupon applies', totals.coupon_applies)}
  </div>
  ${qualitySection(figures, chosenDates)}
  <section class="card">
    <h2>Conversations and messages per day</h2>
    <div class="chart-box">
      <canvas id="analytics-chart" data-source="${figuresSource(figures)}" role="img"
        aria-label="Conversations and messages per day, ${range.from} to ${range.to}"></canvas>
    </div>
    <p class="chart-unavailable muted" hidden>The chart library is not installed; the figures are in the table below.</p>
  </section>
  <div class="two-columns">
    <section class="card">
      <h2>Widget events</h2>
      ${
        figures.widget_events.length === 0
          ? emptyState('No widget events in this range.')
          : html`<table class="compact"><thead><tr><th>Event</th><th class="num">Count</th></tr></thead><tbody>${figures.widget_events.map(
              (event) => html`<tr><td>${event.name}</td><td class="num">${event.count}</td></tr>`,
            )}</tbody></table>`
      }
    </section>
    <section class="card">
      <h2>Answer feedback</h2>
      ${
        figures.feedback.length === 0
          ? emptyState('No answer was rated in this range.')
          : html`<table class="compact" data-testid="feedback-per-agent"><thead><tr><th>Agent</th><th class="num">Helpful</th><th class="num">Not helpful</th></tr></thead><tbody>${figures.feedback.map(
              (row) =>
                html`<tr><td><a href="/app/agents/${row.agent_id}">${row.agent_name}</a></td><td class="num">${row.up}</td><td class="num">${row.down}</td></tr>`,
            )}</tbody></table>
          <h3>Why answers did not help</h3>
          <table class="compact" data-testid="feedback-reasons-per-agent"><thead><tr><th>Agent</th>${DOWN_REASONS.map(([, label]) => html`<th class="num">${label}</th>`)}</tr></thead><tbody>${figures.feedback.map(
            (row) =>
              html`<tr><td><a href="/app/agents/${row.agent_id}">${row.agent_name}</a></td>${DOWN_REASONS.map(([reason]) => html`<td class="num" data-reason="${reason}">${row.down_reasons[reason]}</td>`)}</tr>`,
          )}</tbody></table>`
      }
    </section>
    <section class="card">
      <h2>A person took over</h2>
      ${
        figures.handoff.every((row) => row.handed_off === 0)
          ? emptyState('No visitor asked for a person in this range.')
          : html`<p class="hint">Of the conversations started in the range. First reply: average time from the request to a member's first reply. Resolved by the assistant: resolved before any member replied.</p>
          <table class="compact" data-testid="handoff-per-agent"><thead><tr><th>Agent</th><th class="num">Asked for a person</th><th class="num">Answered by a person</th><th class="num">First reply</th><th class="num">Resolved by the assistant</th><th class="num">Resolved by a person</th></tr></thead><tbody>${figures.handoff.map(
            (row) =>
              html`<tr><td><a href="/app/agents/${row.agent_id}">${row.agent_name}</a></td><td class="num" data-figure="handed_off">${row.handed_off} of ${row.conversations} (${Math.round(row.handoff_rate * 100)}%)</td><td class="num" data-figure="human_replied">${row.human_replied}</td><td class="num" data-figure="first_reply">${row.first_reply_seconds === null ? '–' : waitLabel(row.first_reply_seconds)}</td><td class="num" data-figure="resolved_by_bot">${row.resolved_by_bot}</td><td class="num" data-figure="resolved_by_human">${row.resolved_by_human}</td></tr>`,
          )}</tbody></table>`
      }
    </section>
    <section class="card">
      <h2>Coupons</h2>
      <p>${totals.coupon_applies} apply attempts, ${totals.coupons_staged} staged in a cart.</p>
    </section>
  </div>
  <section class="card">
    <h2>Per day</h2>
    ${
      activeDays.length === 0
        ? emptyState('No activity in this range.')
        : html`<p class="hint">Newest first; days without activity are left out.</p>
      <div class="table-wrap"><table class="compact">
        <thead><tr><th>Day</th><th class="num">Conversations</th><th class="num">Messages</th><th class="num">Leads</th><th class="num">Escalations</th><th class="num">Coupon applies</th></tr></thead>
        <tbody>${activeDays.map(
          (day) =>
            html`<tr><td>${day.date}</td><td class="num">${day.conversations}</td><td class="num">${day.messages}</td><td class="num">${day.leads}</td><td class="num">${day.escalations}</td><td class="num">${day.coupon_applies}</td></tr>`,
        )}</tbody>
      </table></div>`
    }
  </section>`;
}

/** A wait as people say it: seconds under two minutes, else minutes. */
function waitLabel(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}
