import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiTokens } from '../../db/schema.js';
import { randomSecret, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';

export const TOKEN_PREFIX = 'svc_';
export const ABILITIES = ['wp:integration'] as const;
export type Ability = (typeof ABILITIES)[number];

export interface AuthenticatedToken {
  id: string;
  workspaceId: string;
  name: string;
  abilities: string[];
  /** The plaintext as presented; it is the HMAC key of the plugin's signed requests. */
  plaintext: string;
  expiresAt: Date | null;
  lastUsedAt: Date;
}

export async function createApiToken(
  db: Db,
  input: { workspaceId: string; name: string; abilities: string[]; expiresAt?: Date | null },
): Promise<{ id: string; token: string; displayPrefix: string }> {
  // 32 random bytes: guessing one is not a realistic attack, so a plain SHA-256 is the right
  // storage (a slow hash protects low-entropy passwords, not random tokens).
  const token = `${TOKEN_PREFIX}${randomSecret(32)}`;
  const id = randomUUID();
  const displayPrefix = token.slice(0, TOKEN_PREFIX.length + 6);
  await db.insert(apiTokens).values({
    id,
    workspaceId: input.workspaceId,
    name: input.name,
    tokenHash: sha256Hex(token),
    displayPrefix,
    abilities: input.abilities,
    expiresAt: input.expiresAt ?? null,
  });
  return { id, token, displayPrefix };
}

export async function revokeApiToken(db: Db, workspaceId: string, tokenId: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * Resolves `Authorization: Bearer svc_...` to its token. The lookup is by SHA-256, so the database
 * never compares the secret itself and a timing difference says nothing about it.
 */
export async function authenticateApiToken(db: Db, authorization: string | undefined, now: Date): Promise<AuthenticatedToken> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const plaintext = match?.[1];
  if (!plaintext || !plaintext.startsWith(TOKEN_PREFIX) || plaintext.length > 200) {
    throw new AppError('unauthenticated', 'A bearer API token (svc_...) is required');
  }
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, sha256Hex(plaintext)))
    .limit(1);
  if (!row || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) {
    throw new AppError('unauthenticated', 'The API token is unknown, revoked or expired');
  }
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    abilities: row.abilities,
    plaintext,
    expiresAt: row.expiresAt,
    lastUsedAt: now,
  };
}

export function requireAbility(token: AuthenticatedToken, ability: Ability): void {
  if (!token.abilities.includes(ability)) {
    throw new AppError('forbidden', `The API token lacks the ${ability} ability`);
  }
}
