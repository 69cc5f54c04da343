import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { agents, couponApplies, leads, messageFeedback, messages, widgetEvents } from '../../../db/schema.js';
import { z } from 'zod';
import { answerQuality, gapClusters, type AnswerQualityDay } from '../gaps/store.js';
import { productionConversations } from '../../conversations/store.js';
import type { FeedbackReason } from '../feedback-reasons.js';
import { utcDay } from '../sql.js';

/**
 * Daily figures of production conversations, over a range of whole UTC days. Every figure is
 * read through productionConversations: a Playground conversation, its messages, leads, coupon
 * applies or widget events never count.
 */

const count = z.number().int();

const dailyFigures = z.object({ date: z.string(), conversations: count, messages: count, leads: count, escalations: count, coupon_applies: count });
export type DailyFigures = z.infer<typeof dailyFigures>;

const qualityFigures = z.object({
  answers: count,
  confident: count,
  abstained: count,
  escalated: count,
  owner_answers: count,
  thumbs_up: count,
  thumbs_down: count,
});

/** The figures of GET /app/api/analytics and the Analytics page. */
export const analyticsWire = z.object({
  range: z.object({ from: z.string(), to: z.string(), days: count }),
  daily: z.array(dailyFigures),
  totals: dailyFigures.omit({ date: true }).extend({ coupons_staged: count }),
  widget_events: z.array(z.object({ name: z.string(), count })),
  /** Answer quality: answers to questions (small talk aside) and what became of them, per day and in total. */
  quality: z.object({ daily: z.array(qualityFigures.extend({ date: z.string() })), totals: qualityFigures }),
  /** The most frequent gaps of the range (the Gaps page has them all). */
  top_gaps: z.array(z.object({ question: z.string(), count })),
  /**
   * Visitors' ratings of answers given in the range, per agent (agents without any left out),
   * with the reasons given for the thumbs down (`unstated`: none given).
   */
  feedback: z.array(
    z.object({
      agent_id: z.guid(),
      agent_name: z.string(),
      up: count,
      down: count,
      down_reasons: z.object({ incorrect: count, incomplete: count, off_topic: count, unstated: count }) satisfies z.ZodType<
        Record<FeedbackReason | 'unstated', number>
      >,
    }),
  ),
  /**
   * People of the team taking over, per agent, over the conversations started in the range:
   * how many asked for a person (the latest request of each), how many of those a member
   * answered and how fast on average (seconds from the request to the first reply), and how the
   * resolved ones ended: by the assistant (resolved before any member replied) or by a person.
   */
  handoff: z.array(
    z.object({
      agent_id: z.guid(),
      agent_name: z.string(),
      conversations: count,
      handed_off: count,
      handoff_rate: z.number().min(0).max(1),
      human_replied: count,
      first_reply_seconds: z.number().nullable(),
      resolved_by_bot: count,
      resolved_by_human: count,
    }),
  ),
}) satisfies z.ZodType<{ quality: { daily: AnswerQualityDay[] } }>;
export type Analytics = z.infer<typeof analyticsWire>;

const TOP_GAPS = 5;

const countInt = sql<number>`count(*)::int`;
/** Thumbs down given for this reason. */
const downFor = (reason: FeedbackReason) =>
  sql<number>`count(*) FILTER (WHERE ${messageFeedback.rating} = 'down' AND ${messageFeedback.reason} = ${reason})::int`;
const DAY_MS = 24 * 60 * 60 * 1000;

function perDay(rows: { day: string; n: number }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/** Whole UTC days: the first's midnight, and how many. */
export interface DayRange {
  from: Date;
  days: number;
}

/** The `days` whole UTC days ending today. */
export function daysEndingToday(now: Date, days: number): DayRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - (days - 1) * DAY_MS), days };
}

/** From one UTC day to another, both included (dates as YYYY-MM-DD, `from` not after `to`). */
export function daysBetween(from: string, to: string): DayRange {
  const start = Date.parse(`${from}T00:00:00Z`);
  return { from: new Date(start), days: Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1 };
}

export async function analytics(db: Db, workspaceId: string, range: DayRange): Promise<Analytics> {
  const { from, days } = range;
  const until = new Date(from.getTime() + days * DAY_MS);
  const inRange = (column: Parameters<typeof gte>[0]) => and(gte(column, from), lt(column, until));
  const pc = productionConversations(db, workspaceId);
  const hasMessages: SQL = sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.conversationId} = ${pc.id} AND ${messages.workspaceId} = ${workspaceId})`;

  const [quality, gaps, conversations, messageRows, escalations, leadRows, couponRows, eventRows, feedbackRows, handoffRows] = await Promise.all([
    answerQuality(db, workspaceId, from, until),
    gapClusters(db, workspaceId, { from, until }),
    db
      .select({ day: utcDay(pc.createdAt), n: countInt })
      .from(pc)
      .where(and(inRange(pc.createdAt), hasMessages))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(messages.createdAt), n: countInt })
      .from(pc)
      .innerJoin(messages, and(eq(messages.conversationId, pc.id), eq(messages.workspaceId, workspaceId)))
      .where(inRange(messages.createdAt))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(messages.createdAt), n: countInt })
      .from(pc)
      .innerJoin(messages, and(eq(messages.conversationId, pc.id), eq(messages.workspaceId, workspaceId)))
      .where(and(inRange(messages.createdAt), eq(messages.role, 'assistant'), sql`${messages.blocks} @> '[{"kind":"escalation_button"}]'::jsonb`))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(leads.createdAt), n: countInt })
      .from(pc)
      .innerJoin(leads, and(eq(leads.conversationId, pc.id), eq(leads.workspaceId, workspaceId)))
      .where(inRange(leads.createdAt))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(couponApplies.createdAt), n: countInt, staged: sql<number>`count(*) FILTER (WHERE ${couponApplies.status} = 'staged')::int` })
      .from(pc)
      .innerJoin(couponApplies, and(eq(couponApplies.conversationId, pc.id), eq(couponApplies.workspaceId, workspaceId)))
      .where(inRange(couponApplies.createdAt))
      .groupBy(sql`1`),
    db
      .select({ name: widgetEvents.name, count: countInt })
      .from(pc)
      .innerJoin(widgetEvents, and(eq(widgetEvents.conversationId, pc.id), eq(widgetEvents.workspaceId, workspaceId)))
      .where(inRange(widgetEvents.createdAt))
      .groupBy(widgetEvents.name)
      .orderBy(sql`2 DESC`, widgetEvents.name),
    db
      .select({
        agentId: agents.id,
        agentName: agents.name,
        up: sql<number>`count(*) FILTER (WHERE ${messageFeedback.rating} = 'up')::int`,
        down: sql<number>`count(*) FILTER (WHERE ${messageFeedback.rating} = 'down')::int`,
        incorrect: downFor('incorrect'),
        incomplete: downFor('incomplete'),
        offTopic: downFor('off_topic'),
        unstated: sql<number>`count(*) FILTER (WHERE ${messageFeedback.rating} = 'down' AND ${messageFeedback.reason} IS NULL)::int`,
      })
      .from(pc)
      .innerJoin(messageFeedback, and(eq(messageFeedback.conversationId, pc.id), eq(messageFeedback.workspaceId, workspaceId)))
      .innerJoin(agents, and(eq(agents.id, messageFeedback.agentId), eq(agents.workspaceId, workspaceId)))
      .where(inRange(messageFeedback.updatedAt))
      .groupBy(agents.id, agents.name)
      .orderBy(agents.name),
    db
      .select({
        agentId: agents.id,
        agentName: agents.name,
        conversations: countInt,
        handedOff: sql<number>`count(*) FILTER (WHERE ${pc.handoffRequestedAt} IS NOT NULL)::int`,
        humanReplied: sql<number>`count(*) FILTER (WHERE ${pc.firstHumanReplyAt} IS NOT NULL AND ${pc.handoffRequestedAt} IS NOT NULL)::int`,
        firstReplySeconds: sql<
          number | null
        >`avg(extract(epoch FROM ${pc.firstHumanReplyAt} - ${pc.handoffRequestedAt})) FILTER (WHERE ${pc.firstHumanReplyAt} >= ${pc.handoffRequestedAt})`,
        resolvedByBot: sql<number>`count(*) FILTER (WHERE ${pc.resolvedBy} = 'bot')::int`,
        resolvedByHuman: sql<number>`count(*) FILTER (WHERE ${pc.resolvedBy} = 'human')::int`,
      })
      .from(pc)
      .innerJoin(agents, and(eq(agents.id, pc.agentId), eq(agents.workspaceId, workspaceId)))
      .where(and(inRange(pc.createdAt), hasMessages))
      .groupBy(agents.id, agents.name)
      .orderBy(agents.name),
  ]);

  const series = {
    conversations: perDay(conversations),
    messages: perDay(messageRows),
    leads: perDay(leadRows),
    escalations: perDay(escalations),
    coupon_applies: perDay(couponRows),
  };
  const daily: DailyFigures[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    daily.push({
      date,
      conversations: series.conversations.get(date) ?? 0,
      messages: series.messages.get(date) ?? 0,
      leads: series.leads.get(date) ?? 0,
      escalations: series.escalations.get(date) ?? 0,
      coupon_applies: series.coupon_applies.get(date) ?? 0,
    });
  }
  const sum = (key: keyof Omit<DailyFigures, 'date'>) => daily.reduce((total, day) => total + day[key], 0);
  const noAnswers = { answers: 0, confident: 0, abstained: 0, escalated: 0, owner_answers: 0, thumbs_up: 0, thumbs_down: 0 };
  const qualityDaily = daily.map(({ date }) => ({ date, ...(quality.get(date) ?? noAnswers) }));
  const qualityTotals = { ...noAnswers };
  for (const day of qualityDaily) for (const key of Object.keys(noAnswers) as (keyof typeof noAnswers)[]) qualityTotals[key] += day[key];
  return {
    range: { from: daily[0]!.date, to: daily[daily.length - 1]!.date, days },
    daily,
    totals: {
      conversations: sum('conversations'),
      messages: sum('messages'),
      leads: sum('leads'),
      escalations: sum('escalations'),
      coupon_applies: sum('coupon_applies'),
      coupons_staged: couponRows.reduce((total, row) => total + Number(row.staged), 0),
    },
    widget_events: eventRows.map((row) => ({ name: row.name, count: Number(row.count) })),
    quality: { daily: qualityDaily, totals: qualityTotals },
    top_gaps: gaps.slice(0, TOP_GAPS).map((gap) => ({ question: gap.question, count: gap.count })),
    feedback: feedbackRows.map((row) => ({
      agent_id: row.agentId,
      agent_name: row.agentName,
      up: Number(row.up),
      down: Number(row.down),
      down_reasons: { incorrect: Number(row.incorrect), incomplete: Number(row.incomplete), off_topic: Number(row.offTopic), unstated: Number(row.unstated) },
    })),
    handoff: handoffRows.map((row) => ({
      agent_id: row.agentId,
      agent_name: row.agentName,
      conversations: Number(row.conversations),
      handed_off: Number(row.handedOff),
      handoff_rate: Number(row.conversations) > 0 ? Number(row.handedOff) / Number(row.conversations) : 0,
      human_replied: Number(row.humanReplied),
      first_reply_seconds: row.firstReplySeconds === null ? null : Math.round(Number(row.firstReplySeconds)),
      resolved_by_bot: Number(row.resolvedByBot),
      resolved_by_human: Number(row.resolvedByHuman),
    })),
  };
}
