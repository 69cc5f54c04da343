import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { users } from '../../../db/schema.js';
import { validationFailed, type FieldErrors } from '../../../lib/errors.js';
import { createLimiter } from '../../../lib/rate-limit.js';
import { parseInput } from '../../../lib/validate.js';
import { commandSchemas } from '../../admin/commands.js';
import { replacePassword } from '../../auth/password-change.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { sessionOf } from '../../auth/session-guard.js';
import type { UserSession } from '../../auth/sessions.js';
import { attempt, formOf, fieldList } from '../form-body.js';
import { html, type SafeHtml } from '../html.js';
import { LOGIN_LIMITS } from '../session-routes.js';
import { csrfField, errorSummary, fieldErrors, layout, pageFrame, sendHtml } from '../layout.js';

/**
 * The signed-in user's own account: changing their password. The change ends every other session
 * of the user (in every workspace); the session that made it stays. The current password is
 * asked for, and its checks are limited like sign-in's (a stolen session must not become a way
 * to guess it).
 */

const passwordChange = z.strictObject({
  current_password: z.string().min(1, 'enter your current password').max(200),
  new_password: commandSchemas['user:create'].shape.password,
});

export type PasswordCheckLimit = (request: FastifyRequest) => Promise<void>;

/** One limit for the JSON route and the form, counted per user, failing closed without its store. */
export function passwordCheckLimit(app: FastifyInstance): PasswordCheckLimit {
  return createLimiter(app, {
    name: 'password-change',
    max: LOGIN_LIMITS.perAccount,
    windowMs: LOGIN_LIMITS.windowMs,
    key: (request) => sessionOf(request).user.id,
    whenStoreUnreachable: 'refuse',
  });
}

/** Checks the current password and replaces it; the caller has counted the attempt against its limit. */
async function changePassword(deps: AppDeps, session: UserSession, input: z.infer<typeof passwordChange>) {
  const { current_password: current, new_password: next } = input;
  const [user] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, session.user.id));
  if (!user || !(await verifyPassword(current, user.passwordHash))) throw validationFailed({ current_password: ['is not your current password'] });
  const passwordHash = await hashPassword(next);
  return deps.db.transaction((tx) => replacePassword(tx, { userId: session.user.id, passwordHash, keepSessionId: session.id }));
}

export function accountApiRoutes(scope: FastifyInstance, deps: AppDeps, limit: PasswordCheckLimit): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const changed = z.object({ password_changed: z.literal(true), other_sessions_ended: z.number().int() });
  // The body's verdict is taken after the attempt is counted (attachValidation), as the form's
  // is: a malformed guess counts against the limit like any other.
  api.post('/app/api/account/password', { schema: { body: passwordChange, response: { 200: changed } }, attachValidation: true }, async (request) => {
    await limit(request);
    if (request.validationError) throw request.validationError;
    const { endedSessions } = await changePassword(deps, sessionOf(request), request.body);
    return { password_changed: true as const, other_sessions_ended: endedSessions };
  });
}

export function accountPageRoutes(pages: FastifyInstance, deps: AppDeps, limit: PasswordCheckLimit): void {
  pages.get('/app/account', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { notice } = request.query as { notice?: string };
    const message = notice === 'password-changed' ? 'Password changed. Every other session of your account has been signed out.' : undefined;
    return sendHtml(reply, layout(frame, { title: 'Your account', active: null, notice: message, body: accountView(frame.session, {}) }));
  });

  pages.post('/app/account/password', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const form = formOf(request.body);
    // A repeated field stays a list, which the schema refuses.
    const single = (name: string) => (fieldList(form, name).length > 1 ? fieldList(form, name) : fieldList(form, name)[0]);
    // Validated here, not by a declared body schema: a refusal is this page again with the errors
    // beside the fields (HTML), where a schema's would be a JSON error.
    const outcome = await attempt(async () => {
      await limit(request);
      return changePassword(
        deps,
        frame.session,
        parseInput(passwordChange, { current_password: single('current_password'), new_password: single('new_password') }),
      );
    });
    if (!outcome.ok) return sendHtml(reply, layout(frame, { title: 'Your account', active: null, body: accountView(frame.session, outcome.errors) }), 400);
    return reply.redirect('/app/account?notice=password-changed', 303);
  });
}

function accountView(session: UserSession, errors: FieldErrors): SafeHtml {
  return html`<div class="page-head"><h1>Your account</h1></div>
  <p class="hint">Signed in as ${session.user.email}.</p>
  <section class="card">
    <h2>Change your password</h2>
    <p class="hint">Every other session of your account, in every workspace, is signed out by the change.</p>
    ${errorSummary(errors)}
    <form method="post" action="/app/account/password" class="stacked" autocomplete="off">
      ${csrfField(session)}
      <label>Current password <input type="password" name="current_password" autocomplete="current-password" required>${fieldErrors(errors, 'current_password')}</label>
      <label>New password <input type="password" name="new_password" minlength="10" maxlength="200" autocomplete="new-password" required>${fieldErrors(errors, 'new_password')}</label>
      <div class="actions"><button type="submit">Change password</button></div>
    </form>
  </section>`;
}
