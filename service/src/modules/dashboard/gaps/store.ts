import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { knowledgeSnippets, messages } from '../../../db/schema.js';
import { contentTerms } from '../../assistant/retrieval.js';
import { stemsOf } from '../../assistant/understanding/stemming.js';
import { productionConversations } from '../../conversations/store.js';
import { utcDay } from '../sql.js';

/**
 * The questions the assistant did not answer well, from what each answer recorded of itself
 * (messages.outcome: low confidence, abstained, escalated) and from visitors' thumbs down
 * (message_feedback), grouped by similar wording. Production conversations only: a Playground
 * turn or a test run never counts.
 */

/** Gap answers read per request, newest first: bounds the grouping whatever the traffic. */
const MAX_GAP_ROWS = 2000;
/** Two questions are one gap when this share of the shorter one's stemmed words is in the other. */
const SAME_QUESTION = 0.6;
const MAX_CLUSTERS = 100;
const EXAMPLES_PER_CLUSTER = 3;

export interface GapFilters {
  from: Date;
  /** The end of the period, exclusive; none: up to now. */
  until?: Date | undefined;
  agentId?: string | undefined;
}

export interface GapCluster {
  question: string;
  variants: string[];
  count: number;
  last_seen: string;
  languages: string[];
  agent_ids: string[];
  signals: { low_confidence: number; abstained: number; escalated: number; thumbs_down: number };
  examples: { conversation_id: string; message_id: string; question: string; at: string }[];
  /** An answer the owner wrote since whose questions match this gap's: it is answered now. */
  answer_id: string | null;
}

interface GapRow {
  messageId: string;
  conversationId: string;
  agentId: string;
  at: Date;
  language: string | null;
  outcome: Record<string, unknown> | null;
  thumbsDown: boolean;
  question: string | null;
}

const DOWN_VOTED = (workspaceId: string) =>
  sql`EXISTS (SELECT 1 FROM message_feedback f WHERE f.message_id = ${messages.id} AND f.workspace_id = ${workspaceId} AND f.rating = 'down')`;

export async function gapClusters(db: Db, workspaceId: string, filters: GapFilters): Promise<GapCluster[]> {
  const pc = productionConversations(db, workspaceId);
  const rows: GapRow[] = await db
    .select({
      messageId: messages.id,
      conversationId: messages.conversationId,
      agentId: pc.agentId,
      at: messages.createdAt,
      language: sql<string | null>`${messages.diagnostics}->>'language'`,
      outcome: messages.outcome,
      thumbsDown: sql<boolean>`${DOWN_VOTED(workspaceId)}`,
      // The visitor's message this answer replied to.
      question: sql<string | null>`(SELECT u.content FROM messages u WHERE u.conversation_id = ${messages.conversationId} AND u.workspace_id = ${workspaceId}
                                      AND u.role = 'user' AND u.seq < ${messages.seq} ORDER BY u.seq DESC LIMIT 1)`,
    })
    .from(pc)
    .innerJoin(messages, and(eq(messages.conversationId, pc.id), eq(messages.workspaceId, workspaceId)))
    .where(
      and(
        eq(messages.role, 'assistant'),
        gte(messages.createdAt, filters.from),
        filters.until ? lt(messages.createdAt, filters.until) : undefined,
        filters.agentId ? eq(pc.agentId, filters.agentId) : undefined,
        sql`((${messages.outcome}->>'gap') = 'true' OR ${DOWN_VOTED(workspaceId)})`,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(MAX_GAP_ROWS);
  const [clusters, snippets] = await Promise.all([
    Promise.resolve(clusterGaps(rows)),
    db
      .select({ id: knowledgeSnippets.id, questions: knowledgeSnippets.questions, languages: knowledgeSnippets.languages })
      .from(knowledgeSnippets)
      .where(eq(knowledgeSnippets.workspaceId, workspaceId)),
  ]);
  // Which gaps an owner's answer covers now: the same lexical match as the grouping.
  const answered = snippets.flatMap((snippet) =>
    snippet.questions.map((question) => ({ id: snippet.id, key: questionKey(question, snippet.languages[0] ?? null) })),
  );
  for (const cluster of clusters) {
    const keys = [cluster.question, ...cluster.variants].map((question) => questionKey(question, cluster.languages[0] ?? null));
    cluster.answer_id = answered.find((answer) => keys.some((key) => similarity(key, answer.key) >= SAME_QUESTION))?.id ?? null;
  }
  return clusters;
}

/** The words that identify a question: content words, each by its stem. */
function questionKey(question: string, language: string | null): Set<string> {
  const languages = [language ?? 'en', 'en'];
  return new Set(contentTerms(question, languages).map((term) => stemsOf(term, languages)[0] ?? term));
}

/**
 * The overlap of two questions' words over the shorter one ("Is gift wrapping available?" and
 * "Do you offer gift wrapping for presents?" share gift and wrap). Two words at least must be
 * shared, unless a question has only one: "shipping cost?" and "shipping time?" stay apart.
 */
function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const smaller = Math.min(a.size, b.size);
  if (smaller === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared >= Math.min(2, smaller) ? shared / smaller : 0;
}

/**
 * Lexical grouping, newest first: a question joins the first group whose words it shares
 * enough of (over the shorter question's stems), else starts one. Questions of no content words (none left
 * after stopwords) group by their exact text.
 */
function clusterGaps(rows: readonly GapRow[]): GapCluster[] {
  const groups: { key: Set<string>; text: string; cluster: GapCluster; variantCounts: Map<string, number> }[] = [];
  for (const row of rows) {
    const question = (row.question ?? '').trim();
    if (!question) continue;
    const key = questionKey(question, row.language);
    const text = question.toLowerCase();
    const group = groups.find((g) => (key.size === 0 ? g.text === text : similarity(g.key, key) >= SAME_QUESTION));
    const outcome = row.outcome ?? {};
    const target =
      group ??
      (() => {
        const created = {
          key,
          text,
          variantCounts: new Map<string, number>(),
          cluster: {
            question,
            variants: [],
            count: 0,
            last_seen: row.at.toISOString(),
            languages: [],
            agent_ids: [],
            signals: { low_confidence: 0, abstained: 0, escalated: 0, thumbs_down: 0 },
            examples: [],
            answer_id: null,
          } satisfies GapCluster,
        };
        groups.push(created);
        return created;
      })();
    const { cluster } = target;
    cluster.count += 1;
    target.variantCounts.set(question, (target.variantCounts.get(question) ?? 0) + 1);
    if (row.language && !cluster.languages.includes(row.language)) cluster.languages.push(row.language);
    if (!cluster.agent_ids.includes(row.agentId)) cluster.agent_ids.push(row.agentId);
    if (outcome.gap === true && outcome.confident === false) cluster.signals.low_confidence += 1;
    if (outcome.abstained === true) cluster.signals.abstained += 1;
    if (outcome.escalated === true) cluster.signals.escalated += 1;
    if (row.thumbsDown) cluster.signals.thumbs_down += 1;
    if (cluster.examples.length < EXAMPLES_PER_CLUSTER) {
      cluster.examples.push({ conversation_id: row.conversationId, message_id: row.messageId, question, at: row.at.toISOString() });
    }
  }
  for (const { cluster, variantCounts } of groups) {
    const byFrequency = [...variantCounts.entries()].sort((a, b) => b[1] - a[1]).map(([text]) => text);
    cluster.question = byFrequency[0] ?? cluster.question;
    cluster.variants = byFrequency.slice(1, 6);
  }
  return groups
    .map((group) => group.cluster)
    .sort((a, b) => b.count - a.count || b.last_seen.localeCompare(a.last_seen))
    .slice(0, MAX_CLUSTERS);
}

export interface AnswerQualityDay {
  date: string;
  answers: number;
  confident: number;
  abstained: number;
  escalated: number;
  owner_answers: number;
  thumbs_up: number;
  thumbs_down: number;
}

/**
 * Answer quality per UTC day from `from` until `until` (exclusive): answers to questions (small talk aside) and how many
 * were confident, abstained, escalated or given by an owner's answer; visitors' thumbs up and
 * down. Production conversations only.
 */
export async function answerQuality(db: Db, workspaceId: string, from: Date, until: Date): Promise<Map<string, Omit<AnswerQualityDay, 'date'>>> {
  const pc = productionConversations(db, workspaceId);
  const flag = (name: string) => sql<number>`count(*) FILTER (WHERE (${messages.outcome}->>${name}) = 'true')::int`;
  const [answers, votes] = await Promise.all([
    db
      .select({
        day: utcDay(messages.createdAt),
        answers: sql<number>`count(*)::int`,
        confident: flag('confident'),
        abstained: flag('abstained'),
        escalated: flag('escalated'),
        ownerAnswers: sql<number>`count(*) FILTER (WHERE ${messages.outcome}->>'answered_by' = 'owner_answer')::int`,
      })
      .from(pc)
      .innerJoin(messages, and(eq(messages.conversationId, pc.id), eq(messages.workspaceId, workspaceId)))
      .where(
        and(
          eq(messages.role, 'assistant'),
          gte(messages.createdAt, from),
          lt(messages.createdAt, until),
          sql`${messages.outcome} IS NOT NULL AND (${messages.outcome}->>'small_talk') = 'false'`,
        ),
      )
      .groupBy(sql`1`),
    db
      .select({
        day: utcDay(sql`f.created_at`),
        up: sql<number>`count(*) FILTER (WHERE f.rating = 'up')::int`,
        down: sql<number>`count(*) FILTER (WHERE f.rating = 'down')::int`,
      })
      .from(pc)
      .innerJoin(sql`message_feedback f`, sql`f.conversation_id = ${pc.id} AND f.workspace_id = ${workspaceId}`)
      .where(sql`f.created_at >= ${from} AND f.created_at < ${until}`)
      .groupBy(sql`1`),
  ]);
  const days = new Map<string, Omit<AnswerQualityDay, 'date'>>();
  const day = (date: string) => {
    let entry = days.get(date);
    if (!entry) days.set(date, (entry = { answers: 0, confident: 0, abstained: 0, escalated: 0, owner_answers: 0, thumbs_up: 0, thumbs_down: 0 }));
    return entry;
  };
  for (const row of answers)
    Object.assign(day(row.day), {
      answers: Number(row.answers),
      confident: Number(row.confident),
      abstained: Number(row.abstained),
      escalated: Number(row.escalated),
      owner_answers: Number(row.ownerAnswers),
    });
  for (const row of votes) Object.assign(day(row.day), { thumbs_up: Number(row.up), thumbs_down: Number(row.down) });
  return days;
}
