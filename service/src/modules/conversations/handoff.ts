import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import {
  conversationEvents,
  conversations,
  memberships,
  messages,
  sessions,
  users,
  type AgentHandoff,
  type ConversationEventKind,
  type HandoffState,
  type OfficeHours,
} from '../../db/schema.js';
import type { HandoffView, TeamMessage } from '../../contract/conversation-updates.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import type { ActivityKind, ConversationNotifier } from './handoff-events.js';
import { queueHandoffWebhook } from './handoff-webhook.js';

/**
 * Who answers a conversation, and every change of it: the one place the handoff state, the
 * assignee and their timestamps are written. Each change is one transaction that locks the
 * conversation, checks the transition, writes the new state and records it in
 * conversation_events; watchers are told after it committed.
 *
 *   bot ──request──▶ waiting_for_human ──team replies──▶ human ──resolve──▶ resolved
 *    ▲                    │    │                           │                  │
 *    └── hand back / idle ┴────┴───────────────────────────┘   visitor returns┘
 *
 * A Playground conversation is never handed off (spec 1.3): for this module it does not exist.
 */

export interface HandoffDeps {
  db: Db;
  notifier: ConversationNotifier;
  now: () => Date;
}

/** What made a conversation change hands; recorded with every transition. */
export type HandoffTrigger =
  /** The visitor chose "Talk to a person". */
  | 'visitor'
  /** The visitor pressed the escalation button an answer offered. */
  | 'escalation_button'
  /** The model called its `escalate` tool; the offline responder's escalation. */
  | 'model_escalate'
  | 'offline_escalate'
  /** Two answers in a row the sources did not support. */
  | 'low_confidence'
  | 'team_reply'
  | 'team_resolve'
  | 'team_hand_back'
  /** Nobody of the team wrote for the agent's idle time. */
  | 'idle'
  /** The visitor wrote again in a resolved conversation: the assistant answers. */
  | 'visitor_returned';

export const VISITOR_TRIGGERS = [
  'visitor',
  'escalation_button',
  'model_escalate',
  'offline_escalate',
  'low_confidence',
] as const satisfies readonly HandoffTrigger[];

/** The transitions there are; anything else is refused with handoff_state_conflict. */
const TRANSITIONS: Readonly<Record<HandoffState, readonly HandoffState[]>> = {
  bot: ['waiting_for_human', 'human', 'resolved'],
  waiting_for_human: ['human', 'bot', 'resolved'],
  human: ['bot', 'resolved'],
  resolved: ['bot', 'waiting_for_human', 'human'],
};

/** States in which a person holds the conversation and the assistant stays silent. */
export const HELD_STATES: readonly HandoffState[] = ['waiting_for_human', 'human'];
export const isHeld = (state: HandoffState) => HELD_STATES.includes(state);

export function canTransition(from: HandoffState, to: HandoffState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function assertTransition(from: HandoffState, to: HandoffState): void {
  if (!canTransition(from, to)) {
    throw new AppError('handoff_state_conflict', `The conversation is ${describe(from)}; it cannot become ${describe(to)}`);
  }
}

const describe = (state: HandoffState) => state.replaceAll('_', ' ');

/** Without a word from the team for this long, the assistant takes the conversation back. */
export const DEFAULT_IDLE_MINUTES = 30;
/** A member counts as available while their dashboard was in use this recently. */
export const AVAILABLE_WITHIN_MS = 10 * 60 * 1000;
/** The longest team reply or note. */
export const MAX_TEAM_TEXT_CHARS = 4000;

type ConversationRow = typeof conversations.$inferSelect;

/** The row, locked for this transaction; a Playground conversation or another workspace's is not found. */
async function lockConversation(tx: Tx, workspaceId: string, conversationId: string): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId), eq(conversations.isPlayground, false)))
    .for('update');
  if (!row) throw notFound('Conversation');
  return row;
}

interface Transition {
  to: HandoffState;
  trigger: HandoffTrigger;
  actorId?: string | null;
  now: Date;
}

/** Changes the state of a locked conversation and records the change; the caller's transaction commits both. */
async function changeState(tx: Tx, row: ConversationRow, change: Transition): Promise<ConversationRow> {
  assertTransition(row.handoffState, change.to);
  const columns: Partial<typeof conversations.$inferInsert> = { handoffState: change.to, stateChangedAt: change.now };
  if (change.to === 'waiting_for_human') {
    Object.assign(columns, { handoffRequestedAt: change.now, firstHumanReplyAt: null, assigneeId: null, resolvedAt: null, resolvedBy: null });
  }
  if (change.to === 'human') Object.assign(columns, { resolvedAt: null, resolvedBy: null });
  if (change.to === 'bot') Object.assign(columns, { assigneeId: null });
  if (change.to === 'resolved') Object.assign(columns, { resolvedAt: change.now, resolvedBy: row.firstHumanReplyAt ? 'human' : 'bot' });
  const [updated] = await tx.update(conversations).set(columns).where(eq(conversations.id, row.id)).returning();
  await tx.insert(conversationEvents).values({
    workspaceId: row.workspaceId,
    conversationId: row.id,
    kind: 'transition',
    fromState: row.handoffState,
    toState: change.to,
    trigger: change.trigger,
    actorId: change.actorId ?? null,
    createdAt: change.now,
  });
  await queueHandoffWebhook(tx, row, change);
  return updated!;
}

async function announce(deps: HandoffDeps, row: Pick<ConversationRow, 'workspaceId' | 'id'>, kind: ActivityKind): Promise<void> {
  await deps.notifier.publish({ workspaceId: row.workspaceId, conversationId: row.id, kind });
}

/** Moves a conversation to `to` in one recorded transaction, then tells its watchers. */
export async function transition(
  deps: HandoffDeps,
  input: { workspaceId: string; conversationId: string; to: HandoffState; trigger: HandoffTrigger; actorId?: string | null },
): Promise<ConversationRow> {
  const now = deps.now();
  const updated = await deps.db.transaction(async (tx) =>
    changeState(tx, await lockConversation(tx, input.workspaceId, input.conversationId), { ...input, now }),
  );
  await announce(deps, updated, 'state');
  return updated;
}

export interface Availability {
  available: boolean;
  /** Why nobody can answer: nobody of the team is online, or it is outside the agent's office hours. */
  reason?: 'nobody_online' | 'outside_office_hours' | 'live_handoff_off';
}

/** Whether a person can take a conversation of this agent now. */
export async function teamAvailability(db: Db, agent: { workspaceId: string; handoff: AgentHandoff }, now: Date): Promise<Availability> {
  if (agent.handoff.live === false) return { available: false, reason: 'live_handoff_off' };
  if (agent.handoff.office_hours && !withinOfficeHours(agent.handoff.office_hours, now)) return { available: false, reason: 'outside_office_hours' };
  const [online] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(memberships, and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)))
    .where(
      and(
        eq(sessions.workspaceId, agent.workspaceId),
        ne(memberships.role, 'viewer'),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - AVAILABLE_WITHIN_MS)),
      ),
    )
    .limit(1);
  return online ? { available: true } : { available: false, reason: 'nobody_online' };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Whether `now` falls in the office hours, read in their time zone. */
export function withinOfficeHours(hours: OfficeHours, now: Date): boolean {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: hours.time_zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    // A time zone this runtime does not know: the hours cannot be read, so they do not restrict.
    return true;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAYS.indexOf(part('weekday'));
  const time = `${part('hour')}:${part('minute')}`;
  return hours.days.includes(day) && time >= hours.from && time < hours.to;
}

export interface HandoffRequestResult {
  state: HandoffState;
  available: boolean;
  reason?: Availability['reason'];
}

/**
 * A visitor (or the assistant on their behalf) asks for a person. When somebody can answer, the
 * conversation waits for them and the assistant falls silent; when nobody can, the request is
 * recorded (the inbox shows it) and the assistant keeps answering. Asking again while a person
 * is already asked for changes nothing.
 */
export async function requestHandoff(
  deps: HandoffDeps,
  input: { agent: { workspaceId: string; handoff: AgentHandoff }; conversationId: string; trigger: (typeof VISITOR_TRIGGERS)[number] },
): Promise<HandoffRequestResult> {
  const now = deps.now();
  const availability = await teamAvailability(deps.db, input.agent, now);
  const { result, kind, row } = await deps.db.transaction(async (tx) => {
    const current = await lockConversation(tx, input.agent.workspaceId, input.conversationId);
    if (isHeld(current.handoffState)) return { result: { state: current.handoffState, available: true }, kind: undefined, row: current };
    if (!availability.available) {
      await tx.insert(conversationEvents).values({
        workspaceId: current.workspaceId,
        conversationId: current.id,
        kind: 'unavailable',
        trigger: input.trigger,
        body: availability.reason ?? null,
        createdAt: now,
      });
      return { result: { state: current.handoffState, ...availability }, kind: 'unavailable' as const, row: current };
    }
    const updated = await changeState(tx, current, { to: 'waiting_for_human', trigger: input.trigger, now });
    return { result: { state: updated.handoffState, available: true }, kind: 'state' as const, row: updated };
  });
  if (kind) await announce(deps, row, kind);
  return result;
}

/**
 * Where a visitor's new message goes. While a person holds the conversation it is kept for them
 * (`held`: no model call); a hold nobody of the team used for the agent's idle time ends first,
 * and a resolved conversation goes back to the assistant.
 */
export async function routeVisitorMessage(
  deps: HandoffDeps,
  input: { agent: { workspaceId: string; handoff: AgentHandoff }; conversation: Pick<ConversationRow, 'id' | 'handoffState'> },
): Promise<'assistant' | 'held'> {
  const state = input.conversation.handoffState;
  if (state === 'bot') return 'assistant';
  if (state === 'resolved') {
    await transitionIf(deps, input.agent.workspaceId, input.conversation.id, ['resolved'], 'bot', 'visitor_returned');
    return 'assistant';
  }
  const idleMs = (input.agent.handoff.idle_minutes ?? DEFAULT_IDLE_MINUTES) * 60_000;
  const [activity] = await queryRows<{ last_at: Date | string | null }>(
    deps.db,
    sql`SELECT greatest(c.state_changed_at, (SELECT max(m.created_at) FROM messages m
                                              WHERE m.conversation_id = c.id AND m.workspace_id = c.workspace_id AND m.role = 'team')) AS last_at
          FROM conversations c WHERE c.id = ${input.conversation.id} AND c.workspace_id = ${input.agent.workspaceId}`,
  );
  const lastAt = activity?.last_at ? new Date(activity.last_at).getTime() : 0;
  if (deps.now().getTime() - lastAt > idleMs) {
    await transitionIf(deps, input.agent.workspaceId, input.conversation.id, HELD_STATES, 'bot', 'idle');
    return 'assistant';
  }
  return 'held';
}

/** A transition that only applies if the conversation is still in one of `from` (another request may have moved it). */
async function transitionIf(
  deps: HandoffDeps,
  workspaceId: string,
  conversationId: string,
  from: readonly HandoffState[],
  to: HandoffState,
  trigger: HandoffTrigger,
) {
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const row = await lockConversation(tx, workspaceId, conversationId);
    return from.includes(row.handoffState) ? changeState(tx, row, { to, trigger, now }) : undefined;
  });
  if (changed) await announce(deps, changed, 'state');
}

/**
 * Keeps a visitor's message for the team while a person holds the conversation. Stored only if
 * the conversation is still held when the statement runs; undefined otherwise (it was handed
 * back meanwhile: the assistant answers instead).
 */
export async function storeHeldVisitorMessage(
  deps: HandoffDeps,
  input: { workspaceId: string; conversationId: string; message: string; facts: unknown },
): Promise<{ id: string; createdAt: Date } | undefined> {
  const id = randomUUID();
  const [row] = await queryRows<{ created_at: Date | string }>(
    deps.db,
    sql`WITH held AS (
          UPDATE conversations SET last_message_at = now()
           WHERE id = ${input.conversationId} AND workspace_id = ${input.workspaceId} AND NOT is_playground
             AND handoff_state IN ('waiting_for_human', 'human')
          RETURNING id)
        INSERT INTO messages (id, conversation_id, workspace_id, role, content, facts)
        SELECT ${id}, held.id, ${input.workspaceId}, 'user', ${input.message}, ${JSON.stringify(input.facts)}::jsonb FROM held
        RETURNING created_at`,
  );
  if (!row) return undefined;
  await deps.notifier.publish({ workspaceId: input.workspaceId, conversationId: input.conversationId, kind: 'message' });
  return { id, createdAt: new Date(row.created_at) };
}

function teamText(text: string, field: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw validationFailed({ [field]: ['must not be empty'] });
  if (trimmed.length > MAX_TEAM_TEXT_CHARS) throw validationFailed({ [field]: [`must be at most ${MAX_TEAM_TEXT_CHARS} characters`] });
  return trimmed;
}

/**
 * A member's reply to the visitor. The member takes the conversation (it becomes `human`,
 * assigned to them if nobody was) in the same transaction that stores the reply.
 */
export async function postTeamReply(
  deps: HandoffDeps,
  input: { workspaceId: string; conversationId: string; memberId: string; text: string },
): Promise<{ id: string; seq: number; createdAt: Date; state: HandoffState }> {
  const content = teamText(input.text, 'text');
  const now = deps.now();
  const stored = await deps.db.transaction(async (tx) => {
    let row = await lockConversation(tx, input.workspaceId, input.conversationId);
    if (row.handoffState !== 'human') row = await changeState(tx, row, { to: 'human', trigger: 'team_reply', actorId: input.memberId, now });
    if (!row.assigneeId) await setAssignee(tx, row, input.memberId, input.memberId, now);
    const [message] = await tx
      .insert(messages)
      .values({ id: randomUUID(), conversationId: row.id, workspaceId: row.workspaceId, role: 'team', authorId: input.memberId, content, createdAt: now })
      .returning({ id: messages.id, seq: messages.seq, createdAt: messages.createdAt });
    await tx
      .update(conversations)
      .set({ lastMessageAt: now, firstHumanReplyAt: sql`coalesce(${conversations.firstHumanReplyAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(conversations.id, row.id));
    return { ...message!, state: row.handoffState };
  });
  await deps.notifier.publish({ workspaceId: input.workspaceId, conversationId: input.conversationId, kind: 'message' });
  return stored;
}

async function setAssignee(tx: Tx, row: ConversationRow, assigneeId: string | null, actorId: string, now: Date): Promise<void> {
  await tx.update(conversations).set({ assigneeId }).where(eq(conversations.id, row.id));
  await tx.insert(conversationEvents).values({
    workspaceId: row.workspaceId,
    conversationId: row.id,
    kind: assigneeId ? 'assigned' : 'unassigned',
    actorId,
    assigneeId: assigneeId ?? row.assigneeId,
    createdAt: now,
  });
}

/** Assigns the conversation to a member who may reply (not a viewer), or unassigns it (null). */
export async function assignConversation(
  deps: HandoffDeps,
  input: { workspaceId: string; conversationId: string; assigneeId: string | null; actorId: string },
): Promise<{ assigneeId: string | null }> {
  if (input.assigneeId) {
    const [member] = await deps.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, input.workspaceId), eq(memberships.userId, input.assigneeId)));
    if (!member || member.role === 'viewer') throw validationFailed({ assignee_id: ['must be a member of this workspace who may reply'] });
  }
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const row = await lockConversation(tx, input.workspaceId, input.conversationId);
    if (row.handoffState === 'resolved' && input.assigneeId)
      throw new AppError('handoff_state_conflict', 'The conversation is resolved; reopen it by replying');
    if (row.assigneeId === input.assigneeId) return false;
    await setAssignee(tx, row, input.assigneeId, input.actorId, now);
    return true;
  });
  if (changed) await deps.notifier.publish({ workspaceId: input.workspaceId, conversationId: input.conversationId, kind: 'assignment' });
  return { assigneeId: input.assigneeId };
}

/** An internal note of the team: in the conversation's history, never shown to the visitor. */
export async function addNote(
  deps: HandoffDeps,
  input: { workspaceId: string; conversationId: string; memberId: string; text: string },
): Promise<{ id: number }> {
  const body = teamText(input.text, 'text');
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await lockConversation(tx, input.workspaceId, input.conversationId);
    const [event] = await tx
      .insert(conversationEvents)
      .values({ workspaceId: row.workspaceId, conversationId: row.id, kind: 'note', actorId: input.memberId, body, createdAt: now })
      .returning({ id: conversationEvents.id });
    return event!.id;
  });
  await deps.notifier.publish({ workspaceId: input.workspaceId, conversationId: input.conversationId, kind: 'note' });
  return { id };
}

export interface HandoffEventView {
  id: number;
  kind: ConversationEventKind;
  from_state: HandoffState | null;
  to_state: HandoffState | null;
  trigger: string | null;
  actor: string | null;
  assignee: string | null;
  body: string | null;
  created_at: string;
}

/** A conversation's handoff history and notes, oldest first, with members named. */
export async function handoffHistory(db: Db, workspaceId: string, conversationId: string): Promise<HandoffEventView[]> {
  const rows = await queryRows<Omit<HandoffEventView, 'created_at'> & { created_at: Date | string }>(
    db,
    sql`SELECT e.id, e.kind, e.from_state, e.to_state, e.trigger, coalesce(actor.name, actor.email) AS actor,
               coalesce(assignee.name, assignee.email) AS assignee, e.body, e.created_at
          FROM ${conversationEvents} e
          LEFT JOIN ${users} actor ON actor.id = e.actor_id
          LEFT JOIN ${users} assignee ON assignee.id = e.assignee_id
         WHERE e.workspace_id = ${workspaceId} AND e.conversation_id = ${conversationId}
         ORDER BY e.id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at).toISOString() }));
}

/** What the visitor's widget shows of the handoff: the member's display name once they replied, never their email. */
export async function visitorHandoffView(db: Db, workspaceId: string, conversationId: string): Promise<HandoffView> {
  const [row] = await db
    .select({ state: conversations.handoffState, firstHumanReplyAt: conversations.firstHumanReplyAt, name: users.name, assigneeId: conversations.assigneeId })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.assigneeId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId), eq(conversations.isPlayground, false)));
  if (!row) return { state: 'bot', member: null };
  return { state: row.state, member: row.state === 'human' && row.assigneeId && row.firstHumanReplyAt ? { name: row.name } : null };
}

/** The team's replies after a cursor (a message seq), oldest first: what the widget's live channel delivers. */
export async function teamMessagesAfter(db: Db, workspaceId: string, conversationId: string, afterSeq: number, limit = 50): Promise<TeamMessage[]> {
  const rows = await db
    .select({ seq: messages.seq, id: messages.id, content: messages.content, createdAt: messages.createdAt, name: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.workspaceId, workspaceId), eq(messages.role, 'team'), gt(messages.seq, afterSeq)))
    .orderBy(asc(messages.seq))
    .limit(limit);
  return rows.map((row) => ({
    seq: Number(row.seq),
    id: row.id,
    role: 'team',
    content: row.content,
    author: { name: row.name },
    created_at: row.createdAt.toISOString(),
  }));
}

/** Whether the last two answers of a conversation were both given without sources that support them. */
export async function lowConfidenceTwice(db: Db, workspaceId: string, conversationId: string): Promise<boolean> {
  const rows = await db
    .select({ outcome: messages.outcome })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.workspaceId, workspaceId), inArray(messages.role, ['assistant', 'team'])))
    .orderBy(sql`${messages.seq} DESC`)
    .limit(2);
  return rows.length === 2 && rows.every((row) => row.outcome !== null && row.outcome.confident === false && row.outcome.small_talk !== true);
}

export interface WaitingSummary {
  /** Conversations of the workspace waiting for a person now. */
  count: number;
  /** The conversation a notice was about, if it is one of them (it has just started waiting). */
  started: { conversation_id: string; agent: string } | null;
}

/** How many of the workspace's conversations wait for a person (the dashboard's badge), and whether `conversationId` is one. */
export async function waitingForPerson(db: Db, workspaceId: string, conversationId?: string): Promise<WaitingSummary> {
  const [row] = await queryRows<{ count: number | string; agent: string | null }>(
    db,
    sql`SELECT (SELECT count(*) FROM conversations
                 WHERE workspace_id = ${workspaceId} AND handoff_state = 'waiting_for_human' AND NOT is_playground) AS count,
               (SELECT a.name FROM conversations c JOIN agents a ON a.id = c.agent_id AND a.workspace_id = c.workspace_id
                 WHERE c.id = ${conversationId ?? null}::uuid AND c.workspace_id = ${workspaceId}
                   AND c.handoff_state = 'waiting_for_human' AND NOT c.is_playground) AS agent`,
  );
  return {
    count: Number(row?.count ?? 0),
    started: conversationId && row?.agent != null ? { conversation_id: conversationId, agent: row.agent } : null,
  };
}
