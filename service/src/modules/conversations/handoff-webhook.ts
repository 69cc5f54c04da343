import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { handoffWebhooks, type HandoffState } from '../../db/schema.js';
import { randomSecret } from '../../lib/crypto.js';
import { validationFailed } from '../../lib/errors.js';
import { signatureHeader } from '../../lib/signature.js';
import { PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox.js';
import { AddressRefusedError, policyLookup, resolveAllowedAddresses, type AddressPolicy } from '../sites/address-policy.js';
import { send } from '../sites/site-client.js';

/**
 * The team's optional webhook: a workspace registers one URL, and the service POSTs a signed
 * notice to it when a conversation starts waiting for a person and when one is resolved (a chat
 * tool, a pager, a ticket system on the team's side). The notice is written to the outbox in the
 * transaction of the change, so it is delivered at least once, retried with the outbox's backoff
 * while the receiver fails, and carries the same delivery id on every attempt.
 *
 * The URL is the registration: only a member who may manage the workspace's credentials sets it,
 * and the service calls nothing else for the workspace. It goes through the same address policy
 * as calls to a site (no private, loopback or link-local address, checked again at connection
 * time against DNS rebinding; ALLOW_PRIVATE_SITE_URLS lifts it for local development), must be
 * https unless that policy is lifted, and redirects are never followed.
 *
 * A notice names the conversation and links to it in the dashboard; it carries nothing the visitor
 * wrote, which is read behind sign-in.
 */

export const HANDOFF_WEBHOOK_KIND = 'handoff.webhook' as const;
/** The notice's type, also in the X-Service-Event header. */
export type HandoffWebhookEvent = 'conversation.waiting_for_human' | 'conversation.resolved';
export const WEBHOOK_EVENT_HEADER = 'x-service-event';
/** The notice's id, the same on every attempt: a receiver drops a repeated one. */
export const WEBHOOK_DELIVERY_HEADER = 'x-service-delivery';
export const WEBHOOK_TIMEOUT_MS = 5000;
const MAX_URL_LENGTH = 2048;

const EVENT_OF: Partial<Record<HandoffState, HandoffWebhookEvent>> = {
  waiting_for_human: 'conversation.waiting_for_human',
  resolved: 'conversation.resolved',
};

export interface HandoffWebhookView {
  url: string;
  created_at: string;
}

/** The workspace's webhook without its secret (shown once, when made), or null. */
export async function handoffWebhookOf(db: Db, workspaceId: string): Promise<HandoffWebhookView | null> {
  const [row] = await db.select().from(handoffWebhooks).where(eq(handoffWebhooks.workspaceId, workspaceId));
  return row ? { url: row.url, created_at: row.createdAt.toISOString() } : null;
}

/** The addresses a webhook may reach: a site's policy, without the service's own origin. */
export function webhookPolicy(sitePolicy: AddressPolicy): AddressPolicy {
  return { allowPrivate: sitePolicy.allowPrivate, ...(sitePolicy.lookup ? { lookup: sitePolicy.lookup } : {}) };
}

async function checkWebhookUrl(value: string, policy: AddressPolicy): Promise<string> {
  const refuse = (message: string) => validationFailed({ url: [message] });
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse('must be an absolute https URL');
  }
  if (value.length > MAX_URL_LENGTH) throw refuse(`must be at most ${MAX_URL_LENGTH} characters`);
  const httpAllowed = policy.allowPrivate && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) throw refuse('must be an absolute https URL');
  if (url.username || url.password) throw refuse('must not contain credentials');
  if (url.hash) throw refuse('must not contain a fragment');
  try {
    await resolveAllowedAddresses(url.hostname, policy);
  } catch (error) {
    if (error instanceof AddressRefusedError) throw refuse('resolves to a private or reserved address');
    throw refuse('does not resolve to any address');
  }
  return url.href;
}

/**
 * Registers (or replaces) the workspace's webhook with a new secret, answered here only. Replacing
 * it is how the secret is rotated: the next delivery is signed with the new one.
 */
export async function registerHandoffWebhook(
  db: Db,
  policy: AddressPolicy,
  input: { workspaceId: string; url: string },
): Promise<HandoffWebhookView & { secret: string }> {
  const url = await checkWebhookUrl(input.url, policy);
  const secret = `whsec_${randomSecret(32)}`;
  const [row] = await db
    .insert(handoffWebhooks)
    .values({ workspaceId: input.workspaceId, url, secret })
    .onConflictDoUpdate({ target: handoffWebhooks.workspaceId, set: { url, secret, createdAt: sql`now()` } })
    .returning();
  return { url: row!.url, created_at: row!.createdAt.toISOString(), secret };
}

/** Removes the workspace's webhook; notices still queued for it are then dropped. */
export async function removeHandoffWebhook(db: Db, workspaceId: string): Promise<boolean> {
  const removed = await db.delete(handoffWebhooks).where(eq(handoffWebhooks.workspaceId, workspaceId)).returning({ id: handoffWebhooks.workspaceId });
  return removed.length > 0;
}

/**
 * Queues the notice of a state change, in the transaction that makes it, when the workspace has a
 * webhook and the change is one the team is told about. One statement: nothing without a webhook.
 */
export async function queueHandoffWebhook(
  tx: Tx,
  conversation: { id: string; workspaceId: string; agentId: string },
  change: { to: HandoffState; trigger: string; now: Date },
): Promise<void> {
  const type = EVENT_OF[change.to];
  if (!type) return;
  await tx.execute(sql`
    INSERT INTO outbox (workspace_id, kind, payload)
    SELECT w.workspace_id, ${HANDOFF_WEBHOOK_KIND},
           jsonb_build_object('id', ${randomUUID()}::text, 'type', ${type}::text, 'created_at', ${change.now.toISOString()}::text,
                              'conversation_id', ${conversation.id}::text, 'agent_id', a.id::text, 'agent_name', a.name,
                              'state', ${change.to}::text, 'trigger', ${change.trigger}::text)
      FROM handoff_webhooks w JOIN agents a ON a.id = ${conversation.agentId} AND a.workspace_id = w.workspace_id
     WHERE w.workspace_id = ${conversation.workspaceId}`);
}

/** The body a receiver gets, built the same way on every attempt. */
export function webhookBody(payload: Record<string, unknown>, publicBaseUrl: string) {
  const conversationId = String(payload.conversation_id);
  return {
    id: String(payload.id),
    type: String(payload.type),
    created_at: String(payload.created_at),
    conversation: {
      id: conversationId,
      state: String(payload.state),
      trigger: String(payload.trigger),
      agent: { id: String(payload.agent_id), name: String(payload.agent_name) },
      url: `${publicBaseUrl.replace(/\/+$/, '')}/app/inbox/${conversationId}`,
    },
  };
}

/** Outbox handler: POSTs the notice, signed with the workspace's current secret; anything but 2xx is retried. */
export function handoffWebhookDelivery(db: Db, sitePolicy: AddressPolicy, publicBaseUrl: string, timeoutMs = WEBHOOK_TIMEOUT_MS): OutboxHandler {
  const policy = webhookPolicy(sitePolicy);
  return async (row) => {
    const [webhook] = await db.select().from(handoffWebhooks).where(eq(handoffWebhooks.workspaceId, row.workspace_id));
    if (!webhook) throw new PermanentDeliveryError('the workspace no longer has a webhook');
    const url = new URL(webhook.url);
    const body = JSON.stringify(webhookBody(row.payload, publicBaseUrl));
    let status: number;
    try {
      // An IP literal never goes through `lookup`, so the policy is applied to it here.
      if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) await resolveAllowedAddresses(url.hostname, policy);
      ({ status } = await send(url, body, {
        signature: signatureHeader(webhook.secret, body),
        lookup: policyLookup(policy),
        signal: AbortSignal.timeout(timeoutMs),
        headers: { [WEBHOOK_EVENT_HEADER]: String(row.payload.type), [WEBHOOK_DELIVERY_HEADER]: String(row.payload.id) },
      }));
    } catch (error) {
      if (error instanceof AddressRefusedError) throw new PermanentDeliveryError('the webhook URL resolves to a private or reserved address');
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      throw new Error(`the webhook could not be reached${code ? ` (${code})` : ''}`);
    }
    if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`);
  };
}
