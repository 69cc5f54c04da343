import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { messages } from '../../src/db/schema.js';
import type { TurnEvent } from '../../src/modules/assistant/events.js';
import { confidentLocale, detectionSample, resolveReplyLanguage } from '../../src/modules/assistant/language.js';
import { detectIntents, orderNumberIn } from '../../src/modules/assistant/offline/intents.js';
import { runTurn, type RuntimeDeps } from '../../src/modules/assistant/runtime.js';
import { analyzeQuestion } from '../../src/modules/assistant/understanding/question.js';
import { emailsIn, messageFacts, orderNumbersIn, withoutEmailLikeRuns } from '../../src/modules/assistant/visitor-facts.js';
import { freshDatabase } from '../helpers/database.js';
import { collect, createConversation, createShop, indexPosts, indexProducts, messagesOf, type Shop } from './helpers/fixtures.js';

/**
 * A visitor controls the text every scan of a turn reads. These tests hold the scans to what they
 * find (fast-check properties, and the regular expressions they replaced as the reference on
 * texts short enough for those to be quick), and hold a turn with a hostile 4,000-character
 * message to not blocking the event loop. How fast the scans are is measured in
 * bench/text-scan.ts, never asserted here.
 */

/** The expressions the scanners replaced: super-linear on long runs of letters, so only fed short texts here. */
const REFERENCE_EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const referenceEmails = (text: string) => (text.match(REFERENCE_EMAIL) ?? []).map((email) => email.toLowerCase());
const toAscii = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
function referenceOrderNumbers(text: string): string[] {
  const numbers = new Set<string>();
  for (const token of toAscii(text.replace(REFERENCE_EMAIL, ' ')).match(/[\p{L}\p{N}-]*\p{N}[\p{L}\p{N}-]*/gu) ?? []) {
    const clean = token.replace(/^-+|-+$/g, '').toLowerCase();
    numbers.add(clean);
    for (const digits of clean.match(/\d+/g) ?? []) numbers.add(digits);
  }
  return [...numbers];
}

/** Pieces that make addresses, order numbers and near misses, in several scripts, astral letters included. */
const PIECES = ['a', 'Z', 'é', 'ب', 'ж', '你', 'क', '𝒜', '😀', '1', '٣', '۷', '0', '@', '.', '-', '_', '+', '%', '#', ',', ' ', '\n', 'co', 'com', 'de', 'WC-'];
const shortText = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));
const separator = fc.constantFrom(' ', '\n', ' \t ', ', ', '. ');
/** Any text, in any script, up to 8 KB: what the widget's schema lets through and more. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8192 }),
  fc.string({ unit: 'grapheme', maxLength: 2000 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 4000 }).map((pieces) => pieces.join('')),
  fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 8192 })).map(([piece, times]) => piece.repeat(times).slice(0, 8192)),
);
const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), fc.stringMatching(/^[a-z0-9-]{1,15}$/), fc.constantFrom('com', 'de', 'shop', 'co.uk'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

const sameSet = (a: readonly string[], b: readonly string[]) => expect(new Set(a)).toEqual(new Set(b));

describe('visitor facts', () => {
  it('finds what the regular expressions they replaced found', () => {
    fc.assert(
      fc.property(shortText, (text) => {
        expect(emailsIn(text)).toEqual(referenceEmails(text));
        expect(orderNumbersIn(text)).toEqual(referenceOrderNumbers(text));
        expect(withoutEmailLikeRuns(text)).toBe(text.replace(/[\p{L}\p{N}._%+-]+@\S+/gu, ' '));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds in a message within any surrounding text what it finds in the message alone, and in the surroundings', () => {
    fc.assert(
      fc.property(anyText, shortText, anyText, separator, separator, (before, message, after, left, right) => {
        const whole = `${before}${left}${message}${right}${after}`;
        // Every separator holds whitespace, which ends addresses and tokens: nothing is found across it.
        const parts = [before, message, after];
        sameSet(emailsIn(whole), parts.flatMap(emailsIn));
        sameSet(orderNumbersIn(whole), parts.flatMap(orderNumbersIn));
      }),
      { numRuns: 200 },
    );
  });

  it('finds an address and an order number written anywhere, in any script around them', () => {
    fc.assert(
      fc.property(anyText, email, fc.integer({ min: 100, max: 99_999_999 }), anyText, (before, address, number, after) => {
        const facts = messageFacts(`${before} ${address} #${number} ${after}`);
        expect(facts.emails).toContain(address.toLowerCase());
        expect(facts.orderNumbers).toContain(String(number));
      }),
      { numRuns: 200 },
    );
  });

  it('takes no address longer than mail allows and no token longer than 64 characters for an order number', () => {
    expect(emailsIn(`${'a'.repeat(65)}@shop.example`)).toEqual([]);
    expect(emailsIn(`${'a'.repeat(64)}@shop.example`)).toEqual([`${'a'.repeat(64)}@shop.example`]);
    expect(orderNumbersIn(`WC-${'1'.repeat(62)}`)).toEqual([]);
    expect(orderNumbersIn(`order WC-1042, ${'ب'.repeat(4000)}1`)).toEqual(['wc-1042', '1042']);
  });

  it('reads Arabic-Indic digits and keeps the order number in an address out', () => {
    expect(messageFacts('طلبي رقم ١٠٤٢ وبريدي me1234@shop.example')).toEqual({ emails: ['me1234@shop.example'], orderNumbers: ['1042'] });
    expect(orderNumberIn('mail a1234@b.example about #WC-77')).toBe('WC-77');
  });
});

describe('question analysis of hostile text', () => {
  it('analyses any text up to 8 KB in any script without failing, and splits it only into parts of it', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(['en'], ['de', 'en'], ['ar', 'en'], ['zh', 'fr']), (text, languages) => {
        const analysis = analyzeQuestion(text, languages);
        let from = 0;
        for (const part of analysis.parts) {
          const at = text.indexOf(part, from);
          expect(at).toBeGreaterThanOrEqual(0);
          from = at + part.length;
        }
        detectIntents(text);
        orderNumberIn(text);
        resolveReplyLanguage({ message: text, visitorLocale: 'en', agentDefault: 'en' });
      }),
      { numRuns: 60 },
    );
  });

  it('splits a question at each joining word with three words on either side, and reads the rest as one part after the fourth', () => {
    const message = Array.from({ length: 400 }, (_, i) => `do you ship item ${i} to Canada`).join(' and ');
    const { parts } = analyzeQuestion(message, ['en']);
    expect(parts).toHaveLength(4);
    expect(parts[2]).toBe('do you ship item 2 to Canada');
    expect(parts[3]).toBe(message.slice(message.indexOf('do you ship item 3 ')));
    expect(analyzeQuestion('Do you ship to Canada? Is it waterproof? What is your phone number? How long is the warranty?', ['en']).parts).toHaveLength(4);
    expect(analyzeQuestion('do you have shoes and do you ship to Canada', ['en']).parts).toEqual(['do you have shoes', 'do you ship to Canada']);
    expect(analyzeQuestion('shoes and socks', ['en']).parts).toEqual(['shoes and socks']);
  });

  it('reads a price bound after any run of spaces', () => {
    expect(analyzeQuestion(`shoes under${' '.repeat(4000)}$30`, ['en']).bounds).toEqual({ max: 30 });
    expect(analyzeQuestion(`shoes under${' '.repeat(4000)}`, ['en']).bounds).toEqual({});
  });

  it('tells the language of a long message from its beginning', () => {
    const german = 'Haben Sie diese Schuhe auch in Größe 44 und wie lange dauert der Versand nach Österreich? ';
    const long = german.repeat(100);
    expect(detectionSample(long).length).toBeLessThanOrEqual(512);
    expect(confidentLocale(long)?.tag).toBe(confidentLocale(german)?.tag);
    expect(detectionSample('😀'.repeat(1000)).endsWith('\uD83D')).toBe(false);
  });
});

describe('a turn with a hostile message', () => {
  let database: Database;
  let deps: RuntimeDeps;
  let shop: Shop;

  beforeAll(async () => {
    database = await freshDatabase();
    deps = { db: database.db, providerEnv: {}, addressPolicy: { allowPrivate: false } };
    shop = await createShop(database.db);
    await indexPosts(database.db, shop, [
      { wpId: 1, title: 'Returns and refunds', html: '<p>You can return any item within 30 days of delivery for a full refund.</p>' },
    ]);
    await indexProducts(database.db, shop, [{ wpId: 10, name: 'Trail runner', description: 'Waterproof running shoe', price: '17.90' }]);
  });

  afterAll(async () => {
    await database.close();
  });

  /**
   * The longest the event loop went without running a timer while `work` ran, counted in this
   * process's CPU time: a chain of zero-delay timers, each noting the CPU time used since the one
   * before. CPU time rather than the clock, so that what is measured is the work done without
   * yielding, not how long a busy machine (this one is shared) kept the process off its cores.
   * `wall` is the same gap by the clock, for the failure message.
   */
  async function longestBlock(work: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
    const cpuNow = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const longest = { cpu: 0, wall: 0 };
    let last = { cpu: cpuNow(), wall: performance.now() };
    let running = true;
    const tick = () => {
      const now = { cpu: cpuNow(), wall: performance.now() };
      longest.cpu = Math.max(longest.cpu, now.cpu - last.cpu);
      longest.wall = Math.max(longest.wall, now.wall - last.wall);
      last = now;
      if (running) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    try {
      await work();
    } finally {
      running = false;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    return longest;
  }

  /** A conversation without a locale (so the message's language is detected) and 29 earlier messages like `message`. */
  async function conversationWithHistory(message: string) {
    const conversation = await createConversation(database.db, shop, { locale: null });
    // Some of the visitor's stored with their facts, the others as before facts were stored.
    await database.db.insert(messages).values(
      Array.from({ length: 29 }, (_, i) => ({
        id: randomUUID(),
        conversationId: conversation.id,
        workspaceId: shop.workspaceId,
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: message,
        facts: i % 4 === 0 ? messageFacts(message) : null,
      })),
    );
    return conversation;
  }

  const HOSTILE: Record<string, string> = {
    'Arabic letters': 'ب'.repeat(4000),
    'Latin letters': 'a'.repeat(4000),
    '"a@" repeated': 'a@'.repeat(2000),
    digits: '1'.repeat(4000),
    '"#1" repeated': '#1'.repeat(2000),
    'mixed scripts': 'aب1ж你'.repeat(800),
    'a label run after an @': `a@${'b.'.repeat(1999)}`,
  };

  /** Prose of the same length as the hostile messages, with every kind of thing a turn reads: the baseline a hostile message is held to. */
  const ORDINARY = 'Do you have the trail runner in size 44, in blue, under $30, and can you ship order #1042 to Canada? Mail me at visitor@shop.example. '
    .repeat(40)
    .slice(0, 4000);

  it.each(Object.entries(HOSTILE))(
    'answers 4,000 characters of %s after 29 of them without blocking the event loop much longer than ordinary prose does',
    async (_, message) => {
      // Warm up what a server has warmed up long before a hostile message comes (compiled patterns,
      // the detector's tables, the code for long inputs, compiled on the first one of its kind): a
      // scan that is not linear is as slow on every later message, so this hides none.
      for (const text of [ORDINARY, message]) {
        await collect(runTurn(deps, { agent: shop.agent, conversation: await conversationWithHistory(text), mode: 'production', message: text }));
      }

      // Tries alternate an ordinary message of the same length and the hostile one, so that both are
      // measured under the same load, and the least of each counts: a scan that is not linear blocks
      // for hundreds of milliseconds every time (4,000 characters squared is 16 million steps), while
      // a garbage collection or the process's other threads (counted in its CPU time) add to a try
      // now and then, more so on a loaded machine.
      const blocked = { ordinary: [] as { cpu: number; wall: number }[], hostile: [] as { cpu: number; wall: number }[] };
      let lastHostile: { id: string } | undefined;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        for (const [kind, text] of [
          ['ordinary', ORDINARY],
          ['hostile', message],
        ] as const) {
          const conversation = await conversationWithHistory(text);
          let events: TurnEvent[] = [];
          blocked[kind].push(
            await longestBlock(async () => {
              events = await collect(runTurn(deps, { agent: shop.agent, conversation, mode: 'production', message: text }));
            }),
          );
          expect(events.some((event) => event.type === 'done')).toBe(true);
          if (kind === 'hostile') lastHostile = conversation;
        }
      }
      const least = (tries: { cpu: number }[]) => Math.min(...tries.map((block) => block.cpu));
      // Twice the ordinary prose's block, and 10 ms for the timer chain's own granularity.
      expect(least(blocked.hostile), `blocked (ms of CPU, of the clock): ${JSON.stringify(blocked)}`).toBeLessThan(2 * least(blocked.ordinary) + 10);
      const stored = await messagesOf(database.db, lastHostile?.id ?? '');
      expect(stored.at(-2)).toMatchObject({ role: 'user', content: message, facts: messageFacts(message) });
    },
  );

  it('stores the facts of each visitor message and lets a tool use those of an earlier one', async () => {
    const conversation = await createConversation(database.db, shop, { playground: true });
    await collect(runTurn(deps, { agent: shop.agent, conversation, mode: 'playground', message: 'My email is Visitor@Shop.example' }));
    const events = await collect(runTurn(deps, { agent: shop.agent, conversation, mode: 'playground', message: 'Where is my order 1042?' }));
    const stored = await messagesOf(database.db, conversation.id);
    expect(stored.filter((m) => m.role === 'user').map((m) => m.facts)).toEqual([
      { emails: ['visitor@shop.example'], orderNumbers: [] },
      { emails: [], orderNumbers: ['1042'] },
    ]);
    expect(stored.filter((m) => m.role === 'assistant').every((m) => m.facts === null)).toBe(true);
    const lookup = events.find((e): e is Extract<TurnEvent, { type: 'tool_call' }> => e.type === 'tool_call' && e.tool_call.name === 'lookup_order');
    expect(lookup?.tool_call.arguments).toMatchObject({ order_number: '1042', email: 'visitor@shop.example' });
  });
});
