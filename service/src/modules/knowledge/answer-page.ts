import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/errors.js';
import { errorResponses, textResponse } from '../../lib/route-schema.js';
import { html } from '../dashboard/html.js';
import { publicSnippet } from './snippets.js';

/**
 * GET /answers/:id: the public page of an answer the owner wrote, the address an answer citing
 * it links to (sources are web pages). It shows what the agents already tell any visitor; the
 * id is a random UUID. Plain text: the Markdown is shown as written, never as markup.
 */
export function answerPageRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/answers/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: { 200: textResponse('text/html', "The answer's page"), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const snippet = await publicSnippet(deps.db, request.params.id);
      if (!snippet) throw notFound('Answer');
      const page = html`<!doctype html>
<html lang="${snippet.languages[0] ?? 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${snippet.questions[0]}</title></head>
<body>
<main>
<h1>${snippet.questions[0]}</h1>
<div style="white-space: pre-wrap">${snippet.answer}</div>
</main>
</body>
</html>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=60')
        .send(page.value);
    },
  );
}
