import { describe, expect } from 'vitest';
import { appTest, type AppFixtures } from '../helpers/fixtures.js';
import { handshakeRequest, product, signedSync } from '../helpers/integration.js';
import { init, widgetPost } from '../helpers/widget.js';

/**
 * The links the service writes into an answer itself ("[name](permalink)") are built from synced
 * addresses, which the sync route accepts as any absolute http(s) URL: one may hold ")", "[" or a
 * space. Such an address must stay one link to itself (never close the link and open another, to
 * javascript:), and an answer that links it must still list it among its sources.
 */

const BREAKOUT = 'https://shop.example/p)[click](javascript:alert(1)';
const SPACED = 'https://shop.example/product/spaced gaiters';

/** Markdown link targets as the widget's renderer reads them: balanced brackets and parentheses. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '[') continue;
    let depth = 0;
    let close = -1;
    for (let j = i; j < text.length; j++) {
      if (text[j] === '[') depth++;
      else if (text[j] === ']' && --depth === 0) {
        close = j;
        break;
      }
    }
    if (close < 0 || text[close + 1] !== '(') continue;
    depth = 0;
    for (let j = close + 1; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) {
        targets.push(
          text
            .slice(close + 2, j)
            .trim()
            .split(/\s+/)[0] ?? '',
        );
        break;
      }
    }
  }
  return targets;
}

const it = appTest({
  prepare: async (service, shop) => {
    await handshakeRequest(service.app, shop.token);
    const synced = await signedSync(service.app, shop.token, 'products', {
      items: [
        product(801, { name: 'Breakout Boots', permalink: BREAKOUT, content_hash: 'links-801' }),
        product(802, { name: 'Spaced Gaiters', permalink: SPACED, content_hash: 'links-802' }),
      ],
    });
    expect(synced.statusCode, synced.body).toBe(200);
  },
});

async function ask({ service, shop }: AppFixtures, message: string) {
  const { token } = (await init(service.app, { agent_id: shop.agentId })).json() as { token: string };
  const response = await widgetPost(service.app, '/v1/widget/messages', token, { message });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as { content: string; sources: { title: string; url: string }[] };
}

describe('links composed from synced addresses', () => {
  it.for(['Anything under €20?', 'How much are the Breakout Boots?'])('%j: every link of the answer goes to the web', async (question, { service, shop }) => {
    const message = await ask({ service, shop }, question);
    expect(message.content).toContain('Breakout Boots');
    for (const target of linkTargets(message.content)) expect(['http:', 'https:'], `${target} in ${message.content}`).toContain(new URL(target).protocol);
  });

  it.for(['How much are the Breakout Boots?', 'How much are the Spaced Gaiters?'])(
    '%j: the product the answer links is its source',
    async (question, { service, shop }) => {
      const message = await ask({ service, shop }, question);
      const name = question.includes('Breakout') ? 'Breakout Boots' : 'Spaced Gaiters';
      expect(message.content).toContain(name);
      expect(
        message.sources.map((s) => s.title),
        message.content,
      ).toEqual([name]);
    },
  );

  it('each product is listed once in a production answer, whatever its address holds', async ({ service, shop }) => {
    const message = await ask({ service, shop }, 'Anything under €20?');
    for (const name of ['Breakout Boots', 'Spaced Gaiters']) expect(message.content.split(name).length - 1, message.content).toBe(1);
  });
});
