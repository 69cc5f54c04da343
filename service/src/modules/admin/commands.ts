import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { agents, memberships, modelPrices, ROLES, SITE_TYPES, users, workspaces } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { normalizeOrigin } from '../../lib/urls.js';
import { parseInput } from '../../lib/validate.js';
import { ABILITIES, createApiToken, revokeApiToken } from '../auth/api-tokens.js';
import { replacePassword } from '../auth/password-change.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';

/**
 * The operator's commands. The CLI runs them directly against the database, or, when the running
 * server owns the embedded database, through the server's local admin socket; either way the same
 * functions run, so both paths validate and behave the same.
 */

const workspaceId = z.uuid('must be a workspace id');
const origin = z.string().transform((value, ctx) => {
  const normalized = normalizeOrigin(value);
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin such as https://shop.example (scheme, host, optional port; no path)' });
    return z.NEVER;
  }
  return normalized;
});

export const commandSchemas = {
  'workspace:create': z.object({ name: z.string().trim().min(1).max(200) }),
  'user:create': z.object({
    workspace: workspaceId,
    email: z.email().max(320),
    password: z.string().min(10, 'must be at least 10 characters').max(200),
    role: z.enum(ROLES),
    name: z.string().trim().max(200).optional(),
  }),
  'agent:create': z.object({
    workspace: workspaceId,
    name: z.string().trim().min(1).max(200),
    'site-type': z.enum(SITE_TYPES),
    origin: z.array(origin).max(50).default([]),
    locale: z.string().min(2).max(35).optional(),
    published: z.boolean().optional(),
  }),
  'token:create': z.object({
    workspace: workspaceId,
    name: z.string().trim().min(1).max(200),
    ability: z.array(z.enum(ABILITIES)).default(['wp:integration']),
  }),
  'token:revoke': z.object({ workspace: workspaceId, id: z.uuid() }),
  /** A workspace's price for a model, over the built-in table (cost-governor.ts): US dollars per million tokens. */
  'price:set': z.object({
    workspace: workspaceId,
    provider: z.enum(['openai', 'anthropic', 'openai-compatible']),
    model: z.string().trim().min(1).max(100),
    input: z.coerce.number().min(0).max(100_000),
    output: z.coerce.number().min(0).max(100_000),
  }),
  'price:remove': z.object({ workspace: workspaceId, provider: z.string().trim().min(1).max(40), model: z.string().trim().min(1).max(100) }),
} as const;

export type CommandName = keyof typeof commandSchemas;
export const COMMAND_NAMES = Object.keys(commandSchemas) as CommandName[];

export function isCommandName(value: string): value is CommandName {
  return Object.hasOwn(commandSchemas, value);
}

async function requireWorkspace(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id));
  if (!row) throw new AppError('not_found', `Workspace ${id} not found`);
}

export async function runCommand(db: Db, name: CommandName, rawArgs: unknown): Promise<Record<string, unknown>> {
  switch (name) {
    case 'workspace:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const id = randomUUID();
      await db.insert(workspaces).values({ id, name: args.name });
      return { id, name: args.name };
    }
    case 'user:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const passwordHash = await hashPassword(args.password);
      const email = args.email.toLowerCase();
      const [before] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
      // Run again with the same password (the demo's owner at every start), nobody is signed out.
      const passwordChanged = before !== undefined && !(await verifyPassword(args.password, before.passwordHash));
      return db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        const id = existing?.id ?? randomUUID();
        if (existing) {
          await tx.update(users).set({ name: args.name ?? null }).where(eq(users.id, id));
          // A reset password ends every session the account has: a reset is what an operator
          // does when an account may be in someone else's hands.
          if (passwordChanged || before === undefined) await replacePassword(tx, { userId: id, passwordHash });
        } else {
          await tx.insert(users).values({ id, email, passwordHash, name: args.name ?? null });
        }
        await tx
          .insert(memberships)
          .values({ workspaceId: args.workspace, userId: id, role: args.role })
          .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { role: args.role } });
        return { id, email, workspace_id: args.workspace, role: args.role, created: !existing };
      });
    }
    case 'agent:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const id = randomUUID();
      const allowedOrigins = [...new Set(args.origin)];
      await db.insert(agents).values({
        id,
        workspaceId: args.workspace,
        name: args.name,
        siteType: args['site-type'],
        allowedOrigins,
        defaultLocale: args.locale ?? 'en',
        published: args.published ?? false,
      });
      return { id, workspace_id: args.workspace, name: args.name, site_type: args['site-type'], allowed_origins: allowedOrigins };
    }
    case 'token:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const abilities = [...new Set(args.ability)];
      const created = await createApiToken(db, { workspaceId: args.workspace, name: args.name, abilities });
      return { id: created.id, token: created.token, name: args.name, workspace_id: args.workspace, abilities };
    }
    case 'token:revoke': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const revoked = await revokeApiToken(db, args.workspace, args.id);
      if (!revoked) throw new AppError('not_found', 'No active token with that id in this workspace');
      return { id: args.id, revoked: true };
    }
    case 'price:set': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const price = { inputUsdPerMtok: args.input, outputUsdPerMtok: args.output, updatedAt: new Date() };
      await db
        .insert(modelPrices)
        .values({ workspaceId: args.workspace, provider: args.provider, model: args.model, ...price })
        .onConflictDoUpdate({ target: [modelPrices.workspaceId, modelPrices.provider, modelPrices.model], set: price });
      return { workspace_id: args.workspace, model: `${args.provider}:${args.model}`, input_usd_per_mtok: args.input, output_usd_per_mtok: args.output };
    }
    case 'price:remove': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const removed = await db
        .delete(modelPrices)
        .where(and(eq(modelPrices.workspaceId, args.workspace), eq(modelPrices.provider, args.provider), eq(modelPrices.model, args.model)))
        .returning({ model: modelPrices.model });
      if (removed.length === 0) throw new AppError('not_found', 'This workspace has no price of its own for that model');
      return { workspace_id: args.workspace, model: `${args.provider}:${args.model}`, removed: true };
    }
  }
}
