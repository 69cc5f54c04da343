import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { agents, conversationEvents, conversations, messages, users } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { startSession } from '../../src/modules/auth/sessions.js';
import { LocalNotifier, type ConversationActivity } from '../../src/modules/conversations/handoff-events.js';
import {
  addNote,
  assignConversation,
  canTransition,
  handoffHistory,
  lowConfidenceTwice,
  postTeamReply,
  requestHandoff,
  routeVisitorMessage,
  storeHeldVisitorMessage,
  teamAvailability,
  transition,
  withinOfficeHours,
  type HandoffDeps,
} from '../../src/modules/conversations/handoff.js';
import { freshDatabase } from '../helpers/database.js';
import { seedWorkspace, testClock } from '../helpers/app.js';

let database: Database;
let deps: HandoffDeps;
const clock = testClock(Date.parse('2026-03-02T10:00:00Z'));
const notices: ConversationActivity[] = [];
let workspaceId: string;
let agentId: string;
let ownerId: string;
let viewerId: string;
let otherWorkspace: { workspaceId: string; agentId: string };

async function memberOf(workspace: string, role: 'owner' | 'admin' | 'viewer', name: string | null) {
  const email = `${role}-${randomUUID().slice(0, 8)}@shop.example`;
  await runCommand(database.db, 'user:create', { workspace, email, password: 'correct horse battery staple', role });
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  if (name) await database.db.update(users).set({ name }).where(eq(users.id, user!.id));
  return user!.id;
}

async function agentRow(id = agentId) {
  const [row] = await database.db.select().from(agents).where(eq(agents.id, id));
  return row!;
}

async function newConversation(options: { playground?: boolean; agent?: string; workspace?: string } = {}) {
  const id = randomUUID();
  await database.db.insert(conversations).values({
    id,
    workspaceId: options.workspace ?? workspaceId,
    agentId: options.agent ?? agentId,
    visitorId: randomUUID(),
    isPlayground: options.playground ?? false,
  });
  return id;
}

async function stateOf(id: string) {
  const [row] = await database.db.select().from(conversations).where(eq(conversations.id, id));
  return row!;
}

async function signInAs(userId: string, workspace = workspaceId) {
  await startSession(database.db, { userId, workspaceId: workspace, now: clock.now() });
}

beforeAll(async () => {
  database = await freshDatabase();
  const notifier = new LocalNotifier();
  deps = { db: database.db, notifier, now: clock.now };
  const shop = await seedWorkspace(database, 'Handoff shop');
  workspaceId = shop.workspaceId;
  agentId = shop.agentId;
  ownerId = await memberOf(workspaceId, 'owner', 'Mara');
  viewerId = await memberOf(workspaceId, 'viewer', 'Vik');
  otherWorkspace = await seedWorkspace(database, 'Other shop');
  notifier.watchWorkspace(workspaceId, (activity) => notices.push(activity));
});

afterAll(async () => {
  await deps.notifier.close();
  await database.close();
});

describe('the transitions', () => {
  it('allows only the documented ones', () => {
    expect(canTransition('bot', 'waiting_for_human')).toBe(true);
    expect(canTransition('waiting_for_human', 'human')).toBe(true);
    expect(canTransition('human', 'resolved')).toBe(true);
    expect(canTransition('resolved', 'bot')).toBe(true);
    expect(canTransition('human', 'waiting_for_human')).toBe(false);
    expect(canTransition('bot', 'bot')).toBe(false);
    expect(canTransition('resolved', 'resolved')).toBe(false);
  });

  it('refuses an invalid transition with a clear error and changes nothing', async () => {
    const id = await newConversation();
    await expect(transition(deps, { workspaceId, conversationId: id, to: 'bot', trigger: 'team_hand_back', actorId: ownerId })).rejects.toMatchObject({
      code: 'handoff_state_conflict',
      message: 'The conversation is bot; it cannot become bot',
    });
    expect((await stateOf(id)).handoffState).toBe('bot');
    expect(await handoffHistory(database.db, workspaceId, id)).toEqual([]);
  });
});

describe('a request for a person', () => {
  it('is recorded as unavailable when nobody of the team is online, and the assistant keeps the conversation', async () => {
    const id = await newConversation();
    const result = await requestHandoff(deps, { agent: await agentRow(), conversationId: id, trigger: 'visitor' });
    expect(result).toEqual({ state: 'bot', available: false, reason: 'nobody_online' });
    expect((await stateOf(id)).handoffState).toBe('bot');
    const history = await handoffHistory(database.db, workspaceId, id);
    expect(history.map((event) => [event.kind, event.trigger, event.body])).toEqual([['unavailable', 'visitor', 'nobody_online']]);
    expect(notices).toContainEqual({ workspaceId, conversationId: id, kind: 'unavailable' });
  });

  it('does not count a viewer as somebody who can answer', async () => {
    await signInAs(viewerId);
    expect(await teamAvailability(database.db, await agentRow(), clock.now())).toEqual({ available: false, reason: 'nobody_online' });
  });

  it('walks bot → waiting → human → resolved → bot, each step one recorded transition', async () => {
    await signInAs(ownerId);
    const id = await newConversation();
    const agent = await agentRow();
    expect(await requestHandoff(deps, { agent, conversationId: id, trigger: 'escalation_button' })).toEqual({ state: 'waiting_for_human', available: true });
    // Asking again while waiting changes nothing and records nothing.
    expect(await requestHandoff(deps, { agent, conversationId: id, trigger: 'visitor' })).toEqual({ state: 'waiting_for_human', available: true });
    expect((await stateOf(id)).handoffRequestedAt?.toISOString()).toBe(clock.now().toISOString());

    clock.advance(90_000);
    const reply = await postTeamReply(deps, { workspaceId, conversationId: id, memberId: ownerId, text: '  Hello, I am Mara from the shop.  ' });
    expect(reply.state).toBe('human');
    const afterReply = await stateOf(id);
    expect(afterReply).toMatchObject({ handoffState: 'human', assigneeId: ownerId });
    expect(afterReply.firstHumanReplyAt!.getTime() - afterReply.handoffRequestedAt!.getTime()).toBe(90_000);
    const [stored] = await database.db.select().from(messages).where(eq(messages.id, reply.id));
    expect(stored).toMatchObject({ role: 'team', authorId: ownerId, content: 'Hello, I am Mara from the shop.' });

    await transition(deps, { workspaceId, conversationId: id, to: 'resolved', trigger: 'team_resolve', actorId: ownerId });
    expect(await stateOf(id)).toMatchObject({ handoffState: 'resolved', resolvedBy: 'human' });
    await transition(deps, { workspaceId, conversationId: id, to: 'bot', trigger: 'team_hand_back', actorId: ownerId });
    expect(await stateOf(id)).toMatchObject({ handoffState: 'bot', assigneeId: null });

    const history = await handoffHistory(database.db, workspaceId, id);
    expect(history.map((event) => [event.kind, event.from_state, event.to_state, event.trigger])).toEqual([
      ['transition', 'bot', 'waiting_for_human', 'escalation_button'],
      ['transition', 'waiting_for_human', 'human', 'team_reply'],
      ['assigned', null, null, null],
      ['transition', 'human', 'resolved', 'team_resolve'],
      ['transition', 'resolved', 'bot', 'team_hand_back'],
    ]);
    expect(history[1]!.actor).toBe('Mara');
  });

  it('is refused outside the office hours, read in their time zone', async () => {
    const hours = { time_zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' };
    // 2026-03-02 is a Monday; 10:00 UTC is 11:00 in Berlin.
    expect(withinOfficeHours(hours, new Date('2026-03-02T10:00:00Z'))).toBe(true);
    expect(withinOfficeHours(hours, new Date('2026-03-02T16:30:00Z'))).toBe(false);
    expect(withinOfficeHours(hours, new Date('2026-03-01T10:00:00Z'))).toBe(false);
    const agent = { ...(await agentRow()), handoff: { office_hours: hours } };
    const id = await newConversation();
    clock.advance(0);
    const evening = { ...deps, now: () => new Date('2026-03-02T18:00:00Z') };
    expect(await requestHandoff(evening, { agent, conversationId: id, trigger: 'visitor' })).toEqual({
      state: 'bot',
      available: false,
      reason: 'outside_office_hours',
    });
    expect((await stateOf(id)).handoffState).toBe('bot');
  });
});

describe('while a person holds the conversation', () => {
  it('keeps the visitor’s messages for the team, and gives the conversation back to the assistant after the idle time', async () => {
    await signInAs(ownerId);
    const id = await newConversation();
    const agent = { ...(await agentRow()), handoff: { idle_minutes: 5 } };
    await requestHandoff(deps, { agent, conversationId: id, trigger: 'model_escalate' });
    expect(await routeVisitorMessage(deps, { agent, conversation: await stateOf(id) })).toBe('held');
    const held = await storeHeldVisitorMessage(deps, { workspaceId, conversationId: id, message: 'Is anyone there?', facts: { emails: [], orderNumbers: [] } });
    expect(held).toBeDefined();
    clock.advance(6 * 60_000);
    expect(await routeVisitorMessage(deps, { agent, conversation: await stateOf(id) })).toBe('assistant');
    expect((await stateOf(id)).handoffState).toBe('bot');
    // Once handed back, nothing more is held: the assistant answers.
    expect(await storeHeldVisitorMessage(deps, { workspaceId, conversationId: id, message: 'Hello?', facts: {} })).toBeUndefined();
    const history = await handoffHistory(database.db, workspaceId, id);
    expect(history.at(-1)).toMatchObject({ kind: 'transition', from_state: 'waiting_for_human', to_state: 'bot', trigger: 'idle' });
  });

  it('gives a resolved conversation back to the assistant when the visitor writes again', async () => {
    const id = await newConversation();
    await transition(deps, { workspaceId, conversationId: id, to: 'resolved', trigger: 'team_resolve', actorId: ownerId });
    expect(await stateOf(id)).toMatchObject({ handoffState: 'resolved', resolvedBy: 'bot' });
    expect(await routeVisitorMessage(deps, { agent: await agentRow(), conversation: await stateOf(id) })).toBe('assistant');
    expect((await stateOf(id)).handoffState).toBe('bot');
  });
});

describe('the team', () => {
  it('assigns only to a member who may reply, and records assignments', async () => {
    const id = await newConversation();
    await expect(assignConversation(deps, { workspaceId, conversationId: id, assigneeId: viewerId, actorId: ownerId })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: { assignee_id: ['must be a member of this workspace who may reply'] },
    });
    const stranger = await memberOf(otherWorkspace.workspaceId, 'owner', 'Stranger');
    await expect(assignConversation(deps, { workspaceId, conversationId: id, assigneeId: stranger, actorId: ownerId })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect((await stateOf(id)).assigneeId).toBeNull();
    await assignConversation(deps, { workspaceId, conversationId: id, assigneeId: ownerId, actorId: ownerId });
    await assignConversation(deps, { workspaceId, conversationId: id, assigneeId: null, actorId: ownerId });
    expect((await handoffHistory(database.db, workspaceId, id)).map((event) => [event.kind, event.assignee])).toEqual([
      ['assigned', 'Mara'],
      ['unassigned', 'Mara'],
    ]);
  });

  it('writes notes into the history only, and refuses empty or oversized text without writing', async () => {
    const id = await newConversation();
    await addNote(deps, { workspaceId, conversationId: id, memberId: ownerId, text: 'Refund approved by Jo' });
    await expect(addNote(deps, { workspaceId, conversationId: id, memberId: ownerId, text: '   ' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(postTeamReply(deps, { workspaceId, conversationId: id, memberId: ownerId, text: 'x'.repeat(4001) })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    const notes = await database.db
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.conversationId, id), eq(conversationEvents.kind, 'note')));
    expect(notes.map((note) => note.body)).toEqual(['Refund approved by Jo']);
    expect(await database.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
    expect((await stateOf(id)).handoffState).toBe('bot');
  });

  it('cannot touch another workspace’s conversation or a Playground one', async () => {
    const foreign = await newConversation({ workspace: otherWorkspace.workspaceId, agent: otherWorkspace.agentId });
    await expect(postTeamReply(deps, { workspaceId, conversationId: foreign, memberId: ownerId, text: 'hi' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(transition(deps, { workspaceId, conversationId: foreign, to: 'resolved', trigger: 'team_resolve' })).rejects.toMatchObject({
      code: 'not_found',
    });
    const playground = await newConversation({ playground: true });
    await expect(requestHandoff(deps, { agent: await agentRow(), conversationId: playground, trigger: 'visitor' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(postTeamReply(deps, { workspaceId, conversationId: playground, memberId: ownerId, text: 'hi' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await stateOf(foreign)).toMatchObject({ handoffState: 'bot', assigneeId: null });
    expect(await stateOf(playground)).toMatchObject({ handoffState: 'bot' });
    // The database itself refuses a handed-off Playground conversation.
    await expect(database.db.update(conversations).set({ handoffState: 'human' }).where(eq(conversations.id, playground))).rejects.toThrow();
  });
});

describe('low confidence', () => {
  it('counts two answers in a row without supporting sources', async () => {
    const id = await newConversation();
    const answer = (confident: boolean) =>
      database.db.insert(messages).values({
        id: randomUUID(),
        conversationId: id,
        workspaceId,
        role: 'assistant',
        content: 'not sure',
        outcome: { confident, small_talk: false },
      });
    await answer(false);
    expect(await lowConfidenceTwice(database.db, workspaceId, id)).toBe(false);
    await answer(true);
    await answer(false);
    expect(await lowConfidenceTwice(database.db, workspaceId, id)).toBe(false);
    await answer(false);
    expect(await lowConfidenceTwice(database.db, workspaceId, id)).toBe(true);
    expect(await lowConfidenceTwice(database.db, otherWorkspace.workspaceId, id)).toBe(false);
  });
});
