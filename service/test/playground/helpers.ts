import type { Diagnostics } from '../../src/modules/assistant/events.js';
import type { FastifyInstance } from 'fastify';
import { asUser, type SignedIn } from '../dashboard/helpers.js';
import { handshakeRequest, post, product, signedSync } from '../helpers/integration.js';
import { parseSse } from '../helpers/widget.js';

export const streamUrl = (agentId: string) => `/app/agents/${agentId}/playground/stream`;
export const resetUrl = (agentId: string) => `/app/agents/${agentId}/playground/reset`;

export interface StreamedTurn {
  status: number;
  events: { event: string; data: Record<string, unknown> }[];
  /** The JSON error when the turn was refused before streaming. */
  body: { code?: string } | undefined;
}

/** One Playground turn through the route, its events parsed (or the JSON error when refused). */
export async function playgroundTurn(app: FastifyInstance, user: SignedIn, agentId: string, body: Record<string, unknown>): Promise<StreamedTurn> {
  const response = await asUser(app, user, 'POST', streamUrl(agentId), body);
  const streamed = String(response.headers['content-type']).startsWith('text/event-stream');
  return {
    status: response.statusCode,
    events: streamed ? (parseSse(response.body) as StreamedTurn['events']) : [],
    body: streamed ? undefined : response.json(),
  };
}

export function startOf(turn: StreamedTurn): { conversation_id: string; language: string; direction: string } {
  return turn.events.find((e) => e.event === 'start')?.data as ReturnType<typeof startOf>;
}

export function diagnosticsOf(turn: StreamedTurn): Diagnostics {
  return turn.events.find((e) => e.event === 'diagnostics')?.data as unknown as Diagnostics;
}

/** A connected shop with a shipping article and a trail shoe, so turns have sources and tool calls. */
export async function seedShopContent(app: FastifyInstance, token: string): Promise<void> {
  await handshakeRequest(app, token);
  await signedSync(app, token, 'posts', {
    items: [
      post(1, {
        title: 'Shipping times',
        content_html: '<h2>Delivery</h2><p>Every order ships within two working days from our Berlin warehouse.</p>',
        content_hash: 's1',
      }),
    ],
  });
  await signedSync(app, token, 'products', { items: [product(7, { name: 'Trail running shoe', attributes: [{ name: 'Size', options: ['41', '42'] }] })] });
}
