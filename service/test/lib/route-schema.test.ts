import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../../src/lib/error-handler.js';
import { errorResponses, serializerCompiler, validatorCompiler, type ResponseSchemaMismatch } from '../../src/lib/route-schema.js';

/**
 * The route declarations' two halves on a bare Fastify app with the service's own compilers and
 * error handling: input refused in the envelope, and answers checked against what they declare.
 */
describe('route schemas', () => {
  let app: FastifyInstance;
  const mismatches: ResponseSchemaMismatch[] = [];
  const reply = z.object({ id: z.uuid(), count: z.number().int() });

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app, { onResponseMismatch: (mismatch) => mismatches.push(mismatch) });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const schema = {
      body: z.object({ name: z.string().min(1), answer: z.enum(['valid', 'extra-key', 'wrong-type', 'missing-key']) }),
      response: { 200: reply, ...errorResponses(400) },
    };
    typed.post('/echo', { schema }, async (request) => {
      const id = '6f1c2c9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
      switch (request.body.answer) {
        case 'valid':
          return { id, count: request.body.name.length };
        case 'extra-key':
          return { id, count: 1, note: 'not declared' } as z.output<typeof reply>;
        case 'wrong-type':
          return { id, count: 'one' } as unknown as z.output<typeof reply>;
        case 'missing-key':
          return { id } as z.output<typeof reply>;
      }
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const echo = (body: unknown) => app.inject({ method: 'POST', url: '/echo', payload: body as Record<string, unknown> });

  it('validates the body from its declaration, in the envelope with errors by field', async () => {
    const response = await echo({ name: '', answer: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request is not valid',
      code: 'validation_failed',
      errors: { name: [expect.any(String)], answer: [expect.any(String)] },
    });
  });

  it('refuses NUL characters anywhere in the input, naming the field', async () => {
    const response = await echo({ name: 'a\u0000b', answer: 'valid' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: ['must not contain NUL (U+0000) characters'] });
  });

  it('writes a matching answer as the handler gave it', async () => {
    const response = await echo({ name: 'four', answer: 'valid' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: '6f1c2c9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f', count: 4 });
    // The check never rewrites an answer: an undeclared key would still be sent, not silently dropped.
    expect((await echo({ name: 'x', answer: 'extra-key' })).json()).toHaveProperty('note', 'not declared');
  });

  it.each(['wrong-type', 'missing-key'])('turns an answer that breaks its declaration (%s) into a 500, and reports it', async (answer) => {
    const before = mismatches.length;
    const response = await echo({ name: 'x', answer });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side', code: 'internal_error', errors: {} });
    expect(mismatches.length).toBe(before + 1);
    expect(mismatches.at(-1)!.message).toContain('POST /echo');
    expect(mismatches.at(-1)!.message).toContain('count');
  });
});
