import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { orderLookupMisses } from '../../db/schema.js';

/**
 * Misses of order lookups by number and email (the plugin answered with no order), limited per
 * conversation, per client address and per email, so that order numbers cannot be guessed for a
 * known email: five wrong numbers in one conversation, then the visitor is asked to sign in.
 *
 * A lookup reserves a miss before the plugin is called and gives it back only when an order was
 * found: lookups running at the same time count each other, so a burst of parallel guesses cannot
 * all slip under the limit. The counters live in the database, which every instance shares.
 */
export interface OrderLookupLimits {
  /** Misses in one conversation (within a day). */
  perConversation: number;
  /** Misses from one client address (an IPv6 client by its /64) per hour, across conversations. */
  perAddressPerHour: number;
  /** Misses for one email address per hour, from any conversation or address. */
  perEmailPerHour: number;
}

export const DEFAULT_ORDER_LOOKUP_LIMITS: OrderLookupLimits = { perConversation: 5, perAddressPerHour: 10, perEmailPerHour: 5 };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** First key of the advisory lock that serializes reservations (second: the workspace). */
const LOCK_NAMESPACE = 0x6f6c6d; // "olm"
/** One reservation in this many also deletes the rows older than a day. */
const PRUNE_EVERY = 50;

export interface MissSubject {
  workspaceId: string;
  conversationId: string;
  /** The client address as the per-address limits count it (clientAddressKey); absent: not counted. */
  clientAddress?: string | undefined;
  email: string;
}

export type Reservation = { reserved: string } | { limited: 'conversation' | 'address' | 'email' };

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Reserves one miss for a lookup about to be made, or says which limit it would exceed. */
export async function reserveOrderLookupMiss(db: Db, subject: MissSubject, limits: OrderLookupLimits, now: Date): Promise<Reservation> {
  const id = randomUUID();
  const addressHash = subject.clientAddress ? hash(subject.clientAddress) : null;
  const emailHash = hash(subject.email.trim().toLowerCase());
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  if (Math.random() < 1 / PRUNE_EVERY) {
    await db.execute(sql`DELETE FROM order_lookup_misses WHERE at < ${dayAgo}`);
  }
  // Counted and reserved under a lock per workspace (released at commit): lookups at the same
  // moment, on this instance or another, take their turns, so none of them counts past the limit.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${subject.workspaceId}))`);
    const [counts] = await queryRows<{ conversation: number; address: number; email: number }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE conversation_id = ${subject.conversationId})::int AS conversation,
                 count(*) FILTER (WHERE address_hash = ${addressHash} AND at > ${hourAgo})::int AS address,
                 count(*) FILTER (WHERE email_hash = ${emailHash} AND at > ${hourAgo})::int AS email
            FROM order_lookup_misses
           WHERE workspace_id = ${subject.workspaceId} AND at > ${dayAgo}
             AND (conversation_id = ${subject.conversationId} OR address_hash = ${addressHash} OR email_hash = ${emailHash})`,
    );
    const over: Extract<Reservation, { limited: unknown }>['limited'] | undefined =
      Number(counts?.conversation ?? 0) >= limits.perConversation
        ? 'conversation'
        : addressHash && Number(counts?.address ?? 0) >= limits.perAddressPerHour
          ? 'address'
          : Number(counts?.email ?? 0) >= limits.perEmailPerHour
            ? 'email'
            : undefined;
    if (over) return { limited: over };
    await tx
      .insert(orderLookupMisses)
      .values({ id, workspaceId: subject.workspaceId, conversationId: subject.conversationId, addressHash, emailHash, at: now });
    return { reserved: id };
  });
}

/** Gives a reservation back: the lookup found an order, or the shop did not answer. */
export async function releaseOrderLookupMiss(db: Db, reservation: string): Promise<void> {
  await db.delete(orderLookupMisses).where(eq(orderLookupMisses.id, reservation));
}
