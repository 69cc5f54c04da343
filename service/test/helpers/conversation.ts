import type { FastifyInstance } from 'fastify';
import { init, widgetPost } from './widget.js';

export interface StartedConversation {
  token: string;
  conversation_id: string;
  visitor_id: string;
}

/**
 * Init, then a first use of the token (a launcher_open event), which is when the service stores
 * a conversation: for tests that write to or read the conversation's row directly.
 */
export async function storedConversation(app: FastifyInstance, body: Record<string, unknown>): Promise<StartedConversation> {
  const response = await init(app, body);
  if (response.statusCode !== 200) throw new Error(`init answered ${response.statusCode}: ${response.body}`);
  const session = response.json() as StartedConversation;
  const used = await widgetPost(app, '/v1/widget/events', session.token, { events: [{ name: 'launcher_open', at: new Date().toISOString() }] });
  if (used.statusCode !== 200) throw new Error(`events answered ${used.statusCode}: ${used.body}`);
  return session;
}
