import { z } from 'zod';

/**
 * What the widget's live channel delivers about its conversation (GET /v1/widget/updates/stream,
 * and the same as JSON from GET /v1/widget/updates when streaming is buffered): the handoff state
 * and the team's replies. Defined once for the service's writer, the typed client and the widget.
 *
 * `state` comes first on every connection and again whenever it changes; `message` events carry
 * their `seq` (also the Server-Sent Event id): a client resumes after the last one it received,
 * so a reconnect neither loses nor repeats a reply.
 *
 * Pure zod, no Node: browser code imports only the types.
 */

export const handoffStateSchema = z.enum(['bot', 'waiting_for_human', 'human', 'resolved']);

export const handoffViewSchema = z.object({
  state: handoffStateSchema,
  member: z
    .object({ name: z.string().nullable() })
    .nullable()
    .describe('The member holding the conversation, once they replied: their display name only (null if they set none)'),
});

export const teamMessageSchema = z.object({
  seq: z.number().int().describe('Resume after this (`after`, or the Last-Event-ID header)'),
  id: z.string(),
  role: z.literal('team'),
  content: z.string().describe('Markdown text'),
  author: z.object({ name: z.string().nullable() }),
  created_at: z.string(),
});

export const updateEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('state'), data: handoffViewSchema }),
  z.object({ event: z.literal('message'), data: teamMessageSchema }),
]);

export type HandoffView = z.infer<typeof handoffViewSchema>;
export type TeamMessage = z.infer<typeof teamMessageSchema>;
export type UpdateEvent = z.infer<typeof updateEventSchema>;
