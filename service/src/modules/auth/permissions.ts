import type { Role } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * What each role may change. Every role reads everything in its workspace; viewers only read.
 * `agent-update` is the permission the spec names for the Playground (4.4) as well.
 */
export const PERMISSIONS = {
  'agent-update': ['owner', 'admin', 'editor'],
  // Tokens are the integration's credentials: not for editors, who only shape assistants.
  'token-manage': ['owner', 'admin'],
  // The workspace's daily spending caps and model prices: what the owner pays for.
  'spend-manage': ['owner', 'admin'],
  'member-manage': ['owner'],
  // Writing to visitors as the store (team replies, taking over, resolving, notes): not viewers.
  'conversation-reply': ['owner', 'admin', 'editor'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export function permissionsOf(role: Role): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission));
}

export function requirePermission(role: Role, permission: Permission): void {
  if (!can(role, permission)) {
    throw new AppError('forbidden', `Your role (${role}) does not allow this (${permission} is needed)`);
  }
}
