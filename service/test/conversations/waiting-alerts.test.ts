import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect } from 'vitest';
import { conversations } from '../../src/db/schema.js';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { createMember, signIn } from '../dashboard/helpers.js';
import { init, widgetPost } from '../helpers/widget.js';

/**
 * Email to the team about a visitor waiting for a person, through a real SMTP server started
 * here (smtp-server) and the service's nodemailer transport: once per request, after the
 * configured minutes, only to the members of the conversation's workspace who may reply.
 */

interface Received {
  from: string;
  to: string[];
  data: string;
}

async function startSmtp(options: { refuse?: () => boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        if (options.refuse?.()) return callback(new Error('mailbox unavailable'));
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let refuse = false;
// The SMTP server is up before the app is made: its alert settings point at it.
const smtp = await startSmtp({ refuse: () => refuse });
afterAll(async () => {
  await smtp.close();
});

/** The app sending alerts through that server; `prepared` names the shop's owner and editor, with the owner signed in. */
const it = appTest({
  config: { alerts: { smtpUrl: smtp.url, from: 'Alerts <alerts@assistant.example>', waitingMinutes: 5 } },
  shop: { name: 'Waiting shop' },
  prepare: async (service, shop) => {
    const other = await seedWorkspace(service.database, 'Other shop');
    const owner = await createMember(service.database, shop.workspaceId, 'owner', 'owner@waiting.example');
    const editor = await createMember(service.database, shop.workspaceId, 'editor', 'editor@waiting.example');
    await createMember(service.database, shop.workspaceId, 'viewer', 'viewer@waiting.example');
    await createMember(service.database, other.workspaceId, 'owner', 'owner@other.example');
    await signIn(service.app, owner); // somebody is online: the request waits for a person
    return { owner, editor };
  },
});

describe('emails the team about a visitor waiting for a person', () => {
  async function waitingVisitor(t: TestApp, shop: SeededWorkspace) {
    const started = (await init(t.app, { agent_id: shop.agentId })).json() as { token: string; conversation_id: string };
    // A message first: the conversation is stored, as a visitor's is.
    await widgetPost(t.app, '/v1/widget/messages', started.token, { message: 'Where is my parcel?' });
    const asked = await widgetPost(t.app, '/v1/widget/handoff', started.token, { source: 'talk_to_person' });
    expect(asked.json()).toMatchObject({ state: 'waiting_for_human', available: true });
    return started.conversation_id;
  }

  it('sends one email per request, after the configured minutes, to the members who may reply', async ({ service: t, shop, prepared: { owner, editor } }) => {
    const alerts = t.app.deps.waitingAlerts!;
    const conversationId = await waitingVisitor(t, shop);
    expect(await alerts.sweep()).toBe(0);
    t.clock.advance(4 * 60_000);
    expect(await alerts.sweep()).toBe(0);
    expect(smtp.received).toEqual([]);

    t.clock.advance(2 * 60_000);
    expect(await alerts.sweep()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('alerts@assistant.example');
    // The owner and the editor; not the viewer, and nobody of the other workspace.
    expect(mail!.to.sort()).toEqual([editor, owner].sort());
    expect(mail!.data).toContain('Subject: A visitor has waited 6 min for a person');
    expect(mail!.data).toContain(`/app/inbox/${conversationId}`);
    // The visitor's words stay in the dashboard.
    expect(mail!.data).not.toContain('Where is my parcel');

    // Once per request: later sweeps send nothing more.
    t.clock.advance(10 * 60_000);
    expect(await alerts.sweep()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('tries again at the next sweep when the SMTP server refuses, and sends nothing for an answered request', async ({
    service: t,
    shop,
    prepared: { owner },
  }) => {
    const alerts = t.app.deps.waitingAlerts!;
    const before = smtp.received.length;
    await signIn(t.app, owner); // the clock moved on: the owner is online again
    const waiting = await waitingVisitor(t, shop);
    const answered = await waitingVisitor(t, shop);
    // A member took the second one over before it waited long: no alert for it.
    await t.database.db.update(conversations).set({ handoffState: 'human' }).where(eq(conversations.id, answered));
    t.clock.advance(6 * 60_000);
    refuse = true;
    expect(await alerts.sweep()).toBe(0);
    const [row] = await t.database.db.select({ alerted: conversations.waitingAlertedAt }).from(conversations).where(eq(conversations.id, waiting));
    expect(row!.alerted).toBeNull();
    refuse = false;
    expect(await alerts.sweep()).toBe(1);
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)!.data).toContain(`/app/inbox/${waiting}`);
    expect(smtp.received.at(-1)!.data).not.toContain(answered);
  });
});
