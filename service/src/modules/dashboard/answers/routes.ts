import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import type { FieldErrors } from '../../../lib/errors.js';
import { errorResponses } from '../../../lib/route-schema.js';
import { parseInput } from '../../../lib/validate.js';
import { can, requirePermission } from '../../auth/permissions.js';
import { permissionFirst, sessionOf } from '../../auth/session-guard.js';
import {
  createSnippet,
  deleteSnippet,
  listSnippets,
  parseSnippetImport,
  snippetInput,
  snippetInWorkspace,
  snippetsToCsv,
  snippetsToJson,
  snippetToWire,
  snippetWire,
  updateSnippet,
  writeSnippets,
  type SnippetInput,
} from '../../knowledge/snippets.js';
import { listAgents } from '../../agents/store.js';
import { attempt, field, fieldList, formOf, type FormFields } from '../form-body.js';
import { html, type SafeHtml } from '../html.js';
import { csrfField, emptyState, errorSummary, fieldErrors, layout, pageFrame, sendHtml, time, type PageFrame } from '../layout.js';

/**
 * Answers the owner writes (knowledge/snippets.ts): the list, the form (also reached from a gap
 * with its question filled in), CSV/JSON export and import. Reading is for every member, writing
 * needs `agent-update`. Every change schedules the workspace's test suites.
 */

const idParams = z.object({ id: z.string() });
const exportQuery = z.object({ format: z.enum(['csv', 'json']).default('json') });
const importBody = z.object({ format: z.enum(['csv', 'json']), content: z.string().max(2_000_000) });

export function answerApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const base = deps.config.publicBaseUrl;
  const changed = (workspaceId: string) => deps.suites.schedule(workspaceId, null, 'answers');
  const one = { 200: z.object({ answer: snippetWire }), ...errorResponses(400, 401, 403, 404) };

  api.get('/app/api/answers', { schema: { response: { 200: z.object({ answers: z.array(snippetWire) }), ...errorResponses(401) } } }, async (request) => ({
    answers: (await listSnippets(deps.db, sessionOf(request).workspace.id)).map((row) => snippetToWire(row, base)),
  }));

  api.post(
    '/app/api/answers',
    {
      schema: { body: snippetInput, response: { 201: z.object({ answer: snippetWire }), ...errorResponses(400, 401, 403) } },
      preValidation: permissionFirst('agent-update'),
    },
    async (request, reply) => {
      const workspaceId = sessionOf(request).workspace.id;
      const row = await createSnippet(deps.db, workspaceId, request.body, base);
      changed(workspaceId);
      return reply.status(201).send({ answer: snippetToWire(row, base) });
    },
  );

  api.get('/app/api/answers/export', { schema: { querystring: exportQuery } }, async (request, reply) => {
    const rows = await listSnippets(deps.db, sessionOf(request).workspace.id);
    if (request.query.format === 'csv') {
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="answers.csv"').send(snippetsToCsv(rows));
    }
    return reply.header('content-disposition', 'attachment; filename="answers.json"').send(snippetsToJson(rows));
  });

  api.post(
    '/app/api/answers/import',
    {
      schema: { body: importBody, response: { 200: z.object({ imported: z.number() }), ...errorResponses(400, 401, 403) } },
      preValidation: permissionFirst('agent-update'),
    },
    async (request) => {
      const workspaceId = sessionOf(request).workspace.id;
      const rows = await writeSnippets(deps.db, workspaceId, parseSnippetImport(request.body.format, request.body.content), base);
      changed(workspaceId);
      return { imported: rows.length };
    },
  );

  api.get('/app/api/answers/:id', { schema: { params: idParams, response: one } }, async (request) => ({
    answer: snippetToWire(await snippetInWorkspace(deps.db, sessionOf(request).workspace.id, request.params.id), base),
  }));

  api.put(
    '/app/api/answers/:id',
    { schema: { params: idParams, body: snippetInput, response: one }, preValidation: permissionFirst('agent-update') },
    async (request) => {
      const workspaceId = sessionOf(request).workspace.id;
      const row = await updateSnippet(deps.db, workspaceId, request.params.id, request.body, base);
      changed(workspaceId);
      return { answer: snippetToWire(row, base) };
    },
  );

  api.delete(
    '/app/api/answers/:id',
    { schema: { params: idParams, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errorResponses(401, 403, 404) } } },
    async (request) => {
      const session = sessionOf(request);
      requirePermission(session.role, 'agent-update');
      await deleteSnippet(deps.db, session.workspace.id, request.params.id);
      changed(session.workspace.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
}

interface AnswerDraft {
  questions: string;
  answer: string;
  languages: string;
  agent_ids: string[];
}

const EMPTY_DRAFT: AnswerDraft = { questions: '', answer: '', languages: '', agent_ids: [] };

function draftOf(form: FormFields): AnswerDraft {
  return { questions: field(form, 'questions'), answer: field(form, 'answer'), languages: field(form, 'languages'), agent_ids: fieldList(form, 'agent_ids') };
}

function inputOf(draft: AnswerDraft): SnippetInput {
  const lines = (text: string, separator: RegExp) =>
    text
      .split(separator)
      .map((item) => item.trim())
      .filter(Boolean);
  return parseInput(snippetInput, {
    questions: lines(draft.questions, /\r?\n/),
    answer: draft.answer,
    languages: lines(draft.languages, /[,\s]+/),
    agent_ids: draft.agent_ids,
  });
}

export function answerPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  const base = deps.config.publicBaseUrl;
  const changed = (workspaceId: string) => deps.suites.schedule(workspaceId, null, 'answers');

  pages.get('/app/answers', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const rows = await listSnippets(deps.db, frame.session.workspace.id);
    const { notice } = request.query as { notice?: string };
    return sendHtml(
      reply,
      layout(frame, {
        title: 'Answers',
        active: 'answers',
        notice: NOTICES[notice ?? ''],
        body: answersList(
          frame,
          rows.map((row) => snippetToWire(row, base)),
        ),
      }),
    );
  });

  const sendForm = async (reply: FastifyReply, frame: PageFrame, view: FormView, status = 200) => {
    const agents = await listAgents(deps.db, frame.session.workspace.id);
    const body = answerForm(
      frame,
      view,
      agents.map((agent) => ({ id: agent.id, name: agent.name })),
    );
    return sendHtml(reply, layout(frame, { title: view.id ? 'Edit answer' : 'New answer', active: 'answers', body }), status);
  };

  // From a gap: the question (and the agent it was asked of) filled in.
  pages.get('/app/answers/new', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const query = request.query as { question?: unknown; agent_id?: unknown; language?: unknown };
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : '');
    const draft = {
      ...EMPTY_DRAFT,
      questions: text(query.question),
      languages: text(query.language),
      agent_ids: text(query.agent_id) ? [text(query.agent_id)] : [],
    };
    return sendForm(reply, frame, { draft, errors: {} });
  });

  pages.post('/app/answers', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const draft = draftOf(formOf(request.body));
    const outcome = await attempt(() => createSnippet(deps.db, frame.session.workspace.id, inputOf(draft), base));
    if (!outcome.ok) return sendForm(reply, frame, { draft, errors: outcome.errors }, 400);
    changed(frame.session.workspace.id);
    return reply.redirect('/app/answers?notice=saved', 303);
  });

  // Import by pasting an export (CSV or JSON): all of it lands, or none of it with the reason.
  pages.post('/app/answers/import', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const form = formOf(request.body);
    const outcome = await attempt(async () => {
      const { format, content } = parseInput(importBody, { format: field(form, 'format'), content: field(form, 'content') });
      return writeSnippets(deps.db, frame.session.workspace.id, parseSnippetImport(format, content), base);
    });
    if (!outcome.ok) {
      const rows = await listSnippets(deps.db, frame.session.workspace.id);
      const body = answersList(
        frame,
        rows.map((row) => snippetToWire(row, base)),
        outcome.errors,
      );
      return sendHtml(reply, layout(frame, { title: 'Answers', active: 'answers', body }), 400);
    }
    changed(frame.session.workspace.id);
    return reply.redirect('/app/answers?notice=imported', 303);
  });

  pages.get('/app/answers/:id', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { id } = request.params as { id: string };
    const row = await snippetInWorkspace(deps.db, frame.session.workspace.id, id);
    const draft = { questions: row.questions.join('\n'), answer: row.answer, languages: row.languages.join(', '), agent_ids: row.agentIds };
    return sendForm(reply, frame, { id: row.id, url: snippetToWire(row, base).url, draft, errors: {} });
  });

  pages.post('/app/answers/:id', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const { id } = request.params as { id: string };
    const draft = draftOf(formOf(request.body));
    const outcome = await attempt(() => updateSnippet(deps.db, frame.session.workspace.id, id, inputOf(draft), base));
    if (!outcome.ok) return sendForm(reply, frame, { id, draft, errors: outcome.errors }, 400);
    changed(frame.session.workspace.id);
    return reply.redirect('/app/answers?notice=saved', 303);
  });

  pages.post('/app/answers/:id/delete', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    requirePermission(frame.session.role, 'agent-update');
    const { id } = request.params as { id: string };
    await deleteSnippet(deps.db, frame.session.workspace.id, id);
    changed(frame.session.workspace.id);
    return reply.redirect('/app/answers?notice=deleted', 303);
  });
}

const NOTICES: Record<string, string> = {
  saved: 'Answer saved. The agents it applies to use it from their next reply.',
  deleted: 'Answer deleted.',
  imported: 'Answers imported.',
};

interface FormView {
  id?: string;
  url?: string;
  draft: AnswerDraft;
  errors: FieldErrors;
}

function answersList(frame: PageFrame, answers: z.infer<typeof snippetWire>[], importErrors: FieldErrors = {}): SafeHtml {
  const editable = can(frame.session.role, 'agent-update');
  return html`<div class="page-head">
    <h1>Answers</h1>
    ${editable && html`<a class="button" href="/app/answers/new">New answer</a>`}
  </div>
  <p class="hint">Questions and answers you write yourself. They are searched together with your synced pages and products, and cited as a source when they answer. Export: <a href="/app/api/answers/export?format=csv">CSV</a> · <a href="/app/api/answers/export?format=json">JSON</a>.</p>
  ${
    editable &&
    html`<details class="card" ${Object.keys(importErrors).length > 0 && 'open'}><summary>Import answers</summary>
    ${errorSummary(importErrors)}
    <form method="post" action="/app/answers/import" class="stacked">
      ${csrfField(frame.session)}
      <label>Format <select name="format"><option value="csv">CSV</option><option value="json">JSON</option></select></label>
      <label>An export's content (CSV columns questions, answer, languages, agent_ids; or JSON {"answers": [...]}); all rows are added, or none
        <textarea name="content" rows="6" required></textarea></label>
      <div class="actions"><button type="submit" class="secondary">Import</button></div>
    </form></details>`
  }
  ${
    answers.length === 0
      ? emptyState('No answers yet. Write one from a question on the Gaps page, or from scratch.')
      : html`<div class="table-wrap"><table data-testid="answers">
      <thead><tr><th>Question</th><th>Variants</th><th>Languages</th><th>Agents</th><th>Updated</th></tr></thead>
      <tbody>${answers.map(
        (answer) => html`<tr>
          <td><a href="/app/answers/${answer.id}">${answer.questions[0]}</a></td>
          <td class="num">${answer.questions.length - 1}</td>
          <td>${answer.languages.join(', ') || html`<span class="muted">any</span>`}</td>
          <td>${answer.agent_ids.length === 0 ? html`<span class="muted">all</span>` : answer.agent_ids.length}</td>
          <td>${time(answer.updated_at)}</td>
        </tr>`,
      )}</tbody></table></div>`
  }`;
}

function answerForm(frame: PageFrame, view: FormView, agents: { id: string; name: string }[]): SafeHtml {
  const { draft, errors } = view;
  const editable = can(frame.session.role, 'agent-update');
  return html`<div class="page-head"><h1>${view.id ? 'Edit answer' : 'New answer'}</h1></div>
  ${view.url && html`<p class="hint">Cited as <a href="${view.url}">${view.url}</a>.</p>`}
  ${errorSummary(errors)}
  <form method="post" action="${view.id ? `/app/answers/${view.id}` : '/app/answers'}" class="stacked" data-testid="answer-form">
    ${csrfField(frame.session)}
    <label>Questions (one per line: the question and the other ways visitors ask it)
      <textarea name="questions" rows="3" required>${draft.questions}</textarea>${fieldErrors(errors, 'questions')}</label>
    <label>Answer (Markdown)
      <textarea name="answer" rows="8" required maxlength="20000">${draft.answer}</textarea>${fieldErrors(errors, 'answer')}</label>
    <label>Languages (tags such as en, de; empty: any)
      <input name="languages" value="${draft.languages}">${fieldErrors(errors, 'languages')}</label>
    <fieldset><legend>Agents (none checked: every agent)</legend>
      ${agents.map((agent) => html`<label class="check"><input type="checkbox" name="agent_ids" value="${agent.id}" ${draft.agent_ids.includes(agent.id) && 'checked'}> ${agent.name}</label>`)}
      ${fieldErrors(errors, 'agent_ids')}
    </fieldset>
    ${editable && html`<div class="actions"><button type="submit">Save answer</button></div>`}
  </form>
  ${
    view.id &&
    editable &&
    html`<form method="post" action="/app/answers/${view.id}/delete" data-confirm="Delete this answer?">${csrfField(frame.session)}<button type="submit" class="danger small">Delete</button></form>`
  }`;
}
