import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

/**
 * Stores a user's new password hash and ends their other sessions, in every workspace: whoever
 * signed in with the old password, or holds a session cookie taken while it was in use, is
 * signed out by the change. `keepSessionId` (a session row id) is the session that made the
 * change, when one did; an operator's reset keeps none. Run it in a transaction, so that the
 * password never changes without the sessions ending.
 */
export async function replacePassword(
  tx: Db | Tx,
  input: { userId: string; passwordHash: string; keepSessionId?: string | undefined },
): Promise<{ endedSessions: number }> {
  await tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.id, input.userId));
  const ended = await tx
    .delete(sessions)
    .where(input.keepSessionId ? and(eq(sessions.userId, input.userId), ne(sessions.id, input.keepSessionId)) : eq(sessions.userId, input.userId))
    .returning({ id: sessions.id });
  return { endedSessions: ended.length };
}
