import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberships, users, workspaces, type Role } from '../../db/schema.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface WorkspaceMembership {
  id: string;
  name: string;
  role: Role;
}

/**
 * Hash checked when the email is unknown, so that an unknown address takes as long to refuse as a
 * wrong password: response times must not tell which emails have accounts. Made on first use.
 */
let decoyHash: Promise<string> | undefined;

/** The user whose email and password these are, else undefined. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<{ id: string } | undefined> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!user) {
    decoyHash ??= hashPassword('decoy password for unknown accounts');
    await verifyPassword(password, await decoyHash);
    return undefined;
  }
  return (await verifyPassword(password, user.passwordHash)) ? { id: user.id } : undefined;
}

/** The workspaces a user belongs to, the oldest membership first (the one a sign-in opens). */
export async function membershipsOf(db: Db, userId: string): Promise<WorkspaceMembership[]> {
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(workspaces.id));
}

export async function membershipIn(db: Db, userId: string, workspaceId: string): Promise<WorkspaceMembership | undefined> {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
  return row;
}
