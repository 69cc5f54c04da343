import { randomUUID } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { memberships, ROLES, users } from '../../../db/schema.js';
import { notFound, validationFailed, type FieldErrors } from '../../../lib/errors.js';
import { parseInput } from '../../../lib/validate.js';
import { commandSchemas } from '../../admin/commands.js';
import { hashPassword } from '../../auth/passwords.js';
import { can, requirePermission } from '../../auth/permissions.js';
import { permissionFirst, sessionOf } from '../../auth/session-guard.js';
import { endUserSessions } from '../../auth/sessions.js';
import { attempt, field, formOf } from '../form-body.js';
import { html, type SafeHtml } from '../html.js';
import { csrfField, errorSummary, fieldErrors, layout, pageFrame, sendHtml, time, type PageFrame } from '../layout.js';
import { isUuid } from '../sql.js';

/**
 * Members of a workspace. An owner adds a member by choosing their email, role and a first
 * password (handed over by the owner), which creates their account. An email that already has
 * an account (a member of another workspace) is refused: attaching someone's account to a
 * workspace they did not ask to join needs their consent, which this dashboard has no way to ask
 * for; the service's operator can add an existing account (`npm run admin -- user:create`).
 */

export const EXISTING_ACCOUNT_MESSAGE =
  "already has an account on this service; an existing account is not added to another workspace without its owner's consent (the service's operator can add it)";

const userArgs = commandSchemas['user:create'].shape;
const memberCreate = z.strictObject({ email: userArgs.email, password: userArgs.password, role: userArgs.role, name: userArgs.name });

const member = z.object({ user_id: z.uuid(), email: z.string(), name: z.string().nullable(), role: z.enum(ROLES), added_at: z.string() });
type Member = z.infer<typeof member>;

async function listMembers(db: Db, workspaceId: string): Promise<Member[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role, addedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
  return rows.map((row) => ({ user_id: row.userId, email: row.email, name: row.name, role: row.role, added_at: row.addedAt.toISOString() }));
}

async function addMember(db: Db, workspaceId: string, input: z.infer<typeof memberCreate>): Promise<Member & { created: true }> {
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (existing) {
    const [member] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, existing.id)));
    throw validationFailed({ email: [member ? 'is already a member of this workspace' : EXISTING_ACCOUNT_MESSAGE] });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = randomUUID();
    // The unique index on lower(email) refuses an account made meanwhile by another request.
    await tx.insert(users).values({ id: userId, email, passwordHash, name: input.name ?? null });
    const [membership] = await tx.insert(memberships).values({ workspaceId, userId, role: input.role }).returning();
    return { user_id: userId, email, name: input.name ?? null, role: input.role, added_at: membership!.createdAt.toISOString(), created: true };
  });
}

/** Removes a member and ends their sessions in this workspace at once. */
async function removeMember(db: Db, workspaceId: string, userId: string, actingUserId: string): Promise<void> {
  if (userId === actingUserId) throw validationFailed({ user_id: ['you cannot remove yourself'] });
  const removed = isUuid(userId)
    ? await db
        .delete(memberships)
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
        .returning({ userId: memberships.userId })
    : [];
  if (removed.length === 0) throw notFound('Member');
  await endUserSessions(db, userId, workspaceId);
}

export function memberApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/members', { schema: { response: { 200: z.object({ members: z.array(member) }) } } }, async (request) => ({
    members: await listMembers(deps.db, sessionOf(request).workspace.id),
  }));

  api.post(
    '/app/api/members',
    { schema: { body: memberCreate, response: { 201: z.object({ member }) } }, preValidation: permissionFirst('member-manage') },
    async (request, reply) => {
      const session = sessionOf(request);
      return reply.status(201).send({ member: await addMember(deps.db, session.workspace.id, request.body) });
    },
  );

  api.delete('/app/api/members/:userId', { schema: { response: { 200: z.object({ user_id: z.string(), removed: z.boolean() }) } } }, async (request) => {
    const session = sessionOf(request);
    requirePermission(session.role, 'member-manage');
    const { userId } = request.params as { userId: string };
    await removeMember(deps.db, session.workspace.id, userId, session.user.id);
    return { user_id: userId, removed: true };
  });
}

export function memberPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  const render = async (frame: PageFrame, view: MemberPageView) =>
    layout(frame, {
      title: 'Members',
      active: 'members',
      notice: view.notice,
      body: membersView(frame, await listMembers(deps.db, frame.session.workspace.id), view),
    });

  pages.get('/app/members', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { notice } = request.query as { notice?: string };
    return sendHtml(
      reply,
      await render(frame, { errors: {}, values: {}, notice: notice === 'removed' ? 'Member removed; their sessions have ended.' : undefined }),
    );
  });

  pages.post('/app/members', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'member-manage');
    const form = formOf(request.body);
    const values = { email: field(form, 'email'), name: field(form, 'name'), role: field(form, 'role') };
    const outcome = await attempt(() =>
      addMember(
        deps.db,
        frame.session.workspace.id,
        parseInput(memberCreate, { ...values, name: values.name || undefined, password: field(form, 'password') }),
      ),
    );
    if (!outcome.ok) return sendHtml(reply, await render(frame, { errors: outcome.errors, values }), 400);
    const notice = `${outcome.value.email} added as ${outcome.value.role}. Give them the password you chose.`;
    return sendHtml(reply, await render(frame, { errors: {}, values: {}, notice }));
  });

  pages.post('/app/members/:userId/remove', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'member-manage');
    const { userId } = request.params as { userId: string };
    await removeMember(deps.db, frame.session.workspace.id, userId, frame.session.user.id);
    return reply.redirect('/app/members?notice=removed', 303);
  });
}

interface MemberPageView {
  errors: FieldErrors;
  values: { email?: string; name?: string; role?: string };
  notice?: string | undefined;
}

function membersView(frame: PageFrame, members: Member[], view: MemberPageView): SafeHtml {
  const manage = can(frame.session.role, 'member-manage');
  return html`<div class="page-head"><h1>Members</h1></div>
  <p class="hint">Owners manage members and everything else; admins also manage API tokens; editors change agents; viewers only read.</p>
  <div class="table-wrap"><table>
    <thead><tr><th>Email</th><th>Name</th><th>Role</th><th>Added</th><th></th></tr></thead>
    <tbody>${members.map(
      (m) => html`<tr>
        <td>${m.email}</td><td>${m.name ?? ''}</td><td>${m.role}</td><td>${time(m.added_at)}</td>
        <td>${
          manage &&
          m.user_id !== frame.session.user.id &&
          html`<form method="post" action="/app/members/${m.user_id}/remove" data-confirm="Remove ${m.email} from this workspace?">
          ${csrfField(frame.session)}<button type="submit" class="danger small">Remove</button>
        </form>`
        }</td>
      </tr>`,
    )}</tbody>
  </table></div>
  ${
    manage &&
    html`<section class="card">
    <h2>Add a member</h2>
    ${errorSummary(view.errors)}
    <form method="post" action="/app/members" class="stacked" autocomplete="off">
      ${csrfField(frame.session)}
      <div class="row">
        <label class="grow">Email <input type="email" name="email" value="${view.values.email ?? ''}" required>${fieldErrors(view.errors, 'email')}</label>
        <label class="grow">Name <input name="name" value="${view.values.name ?? ''}" maxlength="200"></label>
      </div>
      <div class="row">
        <label>Role <select name="role">${ROLES.map((role) => html`<option value="${role}" ${role === (view.values.role || 'editor') && 'selected'}>${role}</option>`)}</select></label>
        <label class="grow">First password <input type="password" name="password" minlength="10" autocomplete="new-password" required>${fieldErrors(view.errors, 'password')}</label>
      </div>
      <div class="actions"><button type="submit">Add member</button></div>
    </form>
  </section>`
  }`;
}
