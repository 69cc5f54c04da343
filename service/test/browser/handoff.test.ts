import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, conversations, messages, users } from '../../src/db/schema.js';
import { DEMO_AGENT_ID, DEMO_WORKSPACE_ID } from '../../src/modules/demo/identity.js';
import { AGENT_CACHE_MS } from '../../src/modules/widget/agent-cache.js';
import { asUser, createMember, PASSWORD, signIn } from '../dashboard/helpers.js';
import { chromiumMissing } from '../helpers/services.js';
import { hostErrors, launchChromium, RECORD_HOST_ERRORS } from './helpers/chromium.js';
import { ensureWidgetBuilt, startDemoService, type DemoService } from './helpers/demo-service.js';

/**
 * The live handoff in a real Chromium (issue 22, "Must show"): a visitor on the demo store asks
 * for a person; the owner, signed in to the dashboard in a second browser context, sees the
 * conversation appear and replies; the visitor sees the reply without reloading and the
 * assistant stays silent; the owner hands back and the assistant answers again.
 */

const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/handoff/', import.meta.url));
const until = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 100 });

const skip = await chromiumMissing();

/**
 * Records each browser notification the page shows (title, body, tag), then shows it: Chromium
 * displays none headless, so the page's own record is what can be read.
 */
const RECORD_NOTIFICATIONS = `
(() => {
  const Real = window.Notification;
  if (typeof Real !== 'function') return;
  window.__notifications = [];
  function Recorded(title, options) {
    window.__notifications.push({ title, body: options && options.body, tag: options && options.tag });
    return new Real(title, options);
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Recorded.requestPermission = (...args) => Real.requestPermission.apply(Real, args);
  window.Notification = Recorded;
})();
`;

describe.skipIf(skip)('a person takes over in the widget, in Chromium', () => {
  let demo: DemoService;
  let browser: Browser;

  beforeAll(async () => {
    ensureWidgetBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    demo = await startDemoService(() => [{ text: 'unused: the demo agent answers offline' }]);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  /** The owner signed in to the dashboard in a browser context of their own, on `path`, its live stream open. */
  async function signedInOwner(email: string, path: string, initScript?: string) {
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (initScript) await ownerContext.addInitScript(initScript);
    const owner = await ownerContext.newPage();
    owner.setDefaultTimeout(15_000);
    const ownerProblems: string[] = [];
    owner.on('pageerror', (error) => ownerProblems.push(error.message));
    await owner.goto(`${demo.base}${path}`);
    await owner.getByLabel('Email').fill(email);
    await owner.getByLabel('Password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(`${demo.base}${path}`);
    await until(() => owner.locator('html').getAttribute('data-inbox-live')).toBe('true');
    return { ownerContext, owner, ownerProblems };
  }

  /** A visitor on the demo store, in a browser context of their own. */
  async function visitorOnDemo() {
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await visitorContext.addInitScript(RECORD_HOST_ERRORS);
    const visitor = await visitorContext.newPage();
    visitor.setDefaultTimeout(15_000);
    const visitorErrors: Error[] = [];
    visitor.on('pageerror', (error) => visitorErrors.push(error));
    await visitor.goto(`${demo.base}/demo`);
    return { visitorContext, visitor, visitorErrors };
  }

  it('the owner replies from the inbox, the assistant stays silent, then answers again after the hand-back', async () => {
    const ownerEmail = await createMember(demo.t.database, DEMO_WORKSPACE_ID, 'owner', 'owner@fernhill.example');
    await demo.t.database.db.update(users).set({ name: 'Mara' }).where(eq(users.email, ownerEmail));

    // The owner signs in and keeps the inbox open: somebody of the team is available.
    const { ownerContext, owner, ownerProblems } = await signedInOwner(ownerEmail, '/app/inbox');

    // The visitor, in a browser context of their own.
    const { visitorContext, visitor, visitorErrors } = await visitorOnDemo();
    await visitor.getByTestId('sa-launcher').click();
    await visitor.getByTestId('sa-panel').waitFor();
    const panel = visitor.getByTestId('sa-panel');
    const answers = visitor.locator('[data-testid="sa-message"][data-role="assistant"]');
    const teamReplies = visitor.locator('[data-testid="sa-message"][data-role="team"]');
    const notes = visitor.getByTestId('sa-handoff-note');
    const say = async (text: string) => {
      await visitor.getByTestId('sa-input').fill(text);
      await visitor.getByTestId('sa-send').click();
    };

    await say('I want to talk to a real person please');
    // The assistant's escalation asks for a person; the widget says so plainly.
    await until(() => panel.getAttribute('data-handoff')).toBe('waiting_for_human');
    await until(() => notes.last().textContent()).toBe('A person from Fernhill Outfitters will reply here.');
    await visitor.screenshot({ path: `${ARTIFACTS}01-visitor-waiting.png` });

    // The owner's open inbox lists the waiting conversation without a reload.
    const row = owner.locator('.conversation-list a', { hasText: 'I want to talk to a real person please' });
    await until(() => row.count()).toBe(1);
    await until(() => row.locator('[data-state]').getAttribute('data-state')).toBe('waiting_for_human');
    await owner.screenshot({ path: `${ARTIFACTS}02-owner-inbox.png` });
    await row.click();
    await owner.waitForURL(/\/app\/inbox\/[0-9a-f-]{36}$/);
    const conversationId = new URL(owner.url()).pathname.split('/').pop()!;
    await owner.getByLabel(/Reply to the visitor/).fill('Hi, Mara here. **How can I help?**');
    await owner.getByRole('button', { name: 'Send reply' }).click();
    await owner.waitForURL(/notice=reply$/);

    // The visitor sees the reply without reloading, with who wrote it.
    await until(() => teamReplies.count()).toBe(1);
    await until(() => teamReplies.first().locator('.bubble').textContent()).toBe('Hi, Mara here. How can I help?');
    expect(await teamReplies.first().locator('.bubble strong').textContent()).toBe('How can I help?');
    expect(await teamReplies.first().locator('.author').textContent()).toBe('Mara');
    await until(() => notes.last().textContent()).toBe('Mara joined the conversation');
    await until(() => panel.getAttribute('data-handoff')).toBe('human');
    await visitor.screenshot({ path: `${ARTIFACTS}03-visitor-reply.png` });

    // A reply that arrives while the panel is closed shows on the launcher, and in the log on the next open.
    await visitor.getByTestId('sa-close').click();
    await owner.getByLabel(/Reply to the visitor/).fill('Could you send a photo of the label?');
    await owner.getByRole('button', { name: 'Send reply' }).click();
    await owner.waitForURL(/notice=reply$/);
    const badge = visitor.getByTestId('sa-unread');
    await until(() => badge.textContent()).toBe('1');
    expect(await badge.isVisible()).toBe(true);
    expect(await visitor.getByTestId('sa-launcher').getAttribute('aria-label')).toBe('Open chat, 1 unread message');
    await visitor.screenshot({ path: `${ARTIFACTS}03b-visitor-unread.png` });
    await visitor.getByTestId('sa-launcher').click();
    await until(() => teamReplies.count()).toBe(2);
    expect(await teamReplies.last().locator('.bubble').textContent()).toBe('Could you send a photo of the label?');
    await until(() => badge.isVisible()).toBe(false);

    // While Mara holds the conversation, the assistant says nothing.
    const answered = await answers.count();
    await say('My order arrived broken');
    await until(async () => {
      const [row] = await demo.t.database.db.select({ count: messages.id }).from(messages).where(eq(messages.content, 'My order arrived broken'));
      return row !== undefined;
    }).toBe(true);
    await visitor.waitForTimeout(1500);
    expect(await answers.count()).toBe(answered);
    expect(await visitor.locator('.thinking').count()).toBe(0);
    const stored = await demo.t.database.db.select({ role: messages.role }).from(messages).where(eq(messages.conversationId, conversationId));
    expect(stored.at(-1)).toEqual({ role: 'user' });

    // The owner's open conversation shows the visitor's message, then hands back.
    await until(() => owner.locator('.message.user .content', { hasText: 'My order arrived broken' }).count()).toBe(1);
    await owner.getByRole('button', { name: 'Hand back to the assistant' }).click();
    await owner.waitForURL(/notice=hand-back$/);
    const [row2] = await demo.t.database.db.select({ state: conversations.handoffState }).from(conversations).where(eq(conversations.id, conversationId));
    expect(row2!.state).toBe('bot');
    await until(() => notes.last().textContent()).toBe('The assistant is back to help you.');

    // The assistant answers the next question.
    await say('What is your return policy?');
    await until(() => answers.count()).toBe(answered + 1);
    await until(() => answers.last().getAttribute('data-state')).toBe('done');
    expect((await answers.last().locator('.bubble').textContent())!.length).toBeGreaterThan(20);
    await visitor.screenshot({ path: `${ARTIFACTS}04-assistant-back.png` });

    expect(await hostErrors(visitor), 'errors on the host page').toEqual([]);
    expect(visitorErrors).toEqual([]);
    expect(ownerProblems).toEqual([]);
    await Promise.all([ownerContext.close(), visitorContext.close()]);
  }, 180_000);

  it('a visitor asks for a person up front; the badge and a notification tell the owner on any page; a reply read after a reload', async () => {
    const ownerEmail = await createMember(demo.t.database, DEMO_WORKSPACE_ID, 'owner', 'second-owner@fernhill.example');
    await demo.t.database.db.update(users).set({ name: 'Ines' }).where(eq(users.email, ownerEmail));
    // The owner has the agent offer a person up front, as the agent form does.
    const [agent] = await demo.t.database.db.select({ handoff: agents.handoff }).from(agents).where(eq(agents.id, DEMO_AGENT_ID));
    const edited = await asUser(demo.t.app, await signIn(demo.t.app, ownerEmail), 'PATCH', `/app/api/agents/${DEMO_AGENT_ID}`, {
      handoff: { ...agent!.handoff, live: true, offer_person: true, label: 'Talk to Fernhill staff' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // init answers from an agent read at most AGENT_CACHE_MS ago (on the service's clock, which the test moves).
    demo.t.clock.advance(AGENT_CACHE_MS + 1);

    // The owner works on the Agents page, not the inbox, and allows notifications with the header's button.
    const { ownerContext, owner, ownerProblems } = await signedInOwner(ownerEmail, '/app/agents', RECORD_NOTIFICATIONS);
    const inboxBadge = owner.locator('.mainnav [data-waiting-count]');
    expect(await inboxBadge.getAttribute('data-waiting-count')).toBe('0');
    expect(await inboxBadge.isVisible()).toBe(false);
    const enable = owner.getByRole('button', { name: 'Notify me of waiting visitors' });
    await until(() => enable.isVisible()).toBe(true);
    await ownerContext.grantPermissions(['notifications'], { origin: demo.base });
    await enable.click();
    await until(() => enable.isVisible()).toBe(false);

    // The visitor chooses a person on the home screen, before writing anything.
    const { visitorContext, visitor, visitorErrors } = await visitorOnDemo();
    await visitor.getByTestId('sa-launcher').click();
    const panel = visitor.getByTestId('sa-panel');
    const person = visitor.getByTestId('sa-home-handoff');
    await until(() => person.textContent()).toBe('Talk to Fernhill staff');
    await person.click();
    await until(() => panel.getAttribute('data-handoff')).toBe('waiting_for_human');
    await until(() => visitor.getByTestId('sa-handoff-note').last().textContent()).toBe('A person from Fernhill Outfitters will reply here.');
    const [waiting] = await demo.t.database.db
      .select({ id: conversations.id, state: conversations.handoffState })
      .from(conversations)
      .where(eq(conversations.handoffState, 'waiting_for_human'));
    expect(waiting).toBeDefined();
    // Nobody wrote anything yet, and the assistant did not answer.
    expect(await demo.t.database.db.$count(messages, eq(messages.conversationId, waiting!.id))).toBe(0);

    // Without a reload: the owner's Inbox link counts the waiting visitor and a notification says so.
    await until(() => inboxBadge.getAttribute('data-waiting-count')).toBe('1');
    expect(await inboxBadge.isVisible()).toBe(true);
    expect(await inboxBadge.locator('[data-count]').textContent()).toBe('1');
    await until(() => owner.evaluate(() => (globalThis as unknown as { __notifications: unknown[] }).__notifications)).toEqual([
      { title: 'A visitor is waiting for a person', body: 'Fernhill assistant: open the conversation to reply.', tag: `waiting-${waiting!.id}` },
    ]);
    await owner.screenshot({ path: `${ARTIFACTS}05-owner-badge.png` });

    // The inbox lists the conversation though it has no message; the owner replies while the visitor's panel is closed.
    await visitor.getByTestId('sa-close').click();
    await owner.getByRole('link', { name: /Inbox/ }).click();
    await owner.locator(`.conversation-list a[data-conversation="${waiting!.id}"]`).click();
    await owner.waitForURL(`${demo.base}/app/inbox/${waiting!.id}`);
    await owner.getByLabel(/Reply to the visitor/).fill('Hello, Ines here. What can I do for you?');
    await owner.getByRole('button', { name: 'Send reply' }).click();
    await owner.waitForURL(/notice=reply$/);
    // The person took the conversation: nobody waits any more.
    await until(() => inboxBadge.getAttribute('data-waiting-count')).toBe('0');
    expect(await inboxBadge.isVisible()).toBe(false);

    const unread = visitor.getByTestId('sa-unread');
    await until(() => unread.textContent()).toBe('1');
    // The badge survives a reload of the page: the reply is still unread.
    await visitor.reload();
    await until(() => unread.isVisible()).toBe(true);
    expect(await unread.textContent()).toBe('1');
    expect(await visitor.getByTestId('sa-launcher').getAttribute('aria-label')).toBe('Open chat, 1 unread message');
    await visitor.screenshot({ path: `${ARTIFACTS}06-visitor-unread-after-reload.png` });
    await visitor.getByTestId('sa-launcher').click();
    const teamReplies = visitor.locator('[data-testid="sa-message"][data-role="team"]');
    await until(() => teamReplies.count()).toBe(1);
    expect(await teamReplies.first().locator('.bubble').textContent()).toBe('Hello, Ines here. What can I do for you?');
    await until(() => unread.isVisible()).toBe(false);
    // Read once, it stays read after the next reload.
    await visitor.reload();
    await until(() => visitor.getByTestId('sa-launcher').getAttribute('aria-label')).toBe('Open chat');
    expect(await unread.isVisible()).toBe(false);

    expect(await hostErrors(visitor), 'errors on the host page').toEqual([]);
    expect(visitorErrors).toEqual([]);
    expect(ownerProblems).toEqual([]);
    await Promise.all([ownerContext.close(), visitorContext.close()]);
  }, 180_000);
});
