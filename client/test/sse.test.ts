import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEventStream, SseParser, type SseEvent } from '../src/sse.js';

function parseChunks(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

function byteStream(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) pieces.push(bytes.slice(start, point));
    start = Math.max(start, point);
  }
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

// The shape the service sends (contract section 4), with a ping, CRLF line ends and non-ASCII text.
const STREAM = [
  ': ping',
  '',
  'event: start',
  'data: {"conversation_id":"c1","message_id":"m1"}',
  '',
  'event: delta',
  'data: {"text":"Grüße, 世界 👋"}',
  '',
  ': ping',
  'event: delta',
  'data: {"text":" more"}',
  '',
  'event: sources',
  'data: {"sources":[{"title":"Shoes","url":"https://shop.example/shoes"}]}',
  '',
  'event: done',
  'data: {"message":{"role":"assistant","content":"Grüße, 世界 👋 more"}}',
  '',
  '',
].join('\r\n');

const EXPECTED = [
  { event: 'start', data: '{"conversation_id":"c1","message_id":"m1"}' },
  { event: 'delta', data: '{"text":"Grüße, 世界 👋"}' },
  { event: 'delta', data: '{"text":" more"}' },
  { event: 'sources', data: '{"sources":[{"title":"Shoes","url":"https://shop.example/shoes"}]}' },
  { event: 'done', data: '{"message":{"role":"assistant","content":"Grüße, 世界 👋 more"}}' },
];

describe('SseParser', () => {
  it('parses a whole stream into events, skipping comments', () => {
    expect(parseChunks([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the text is split, even between CR and LF', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(STREAM.length), { maxLength: 40 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks: string[] = [];
        let start = 0;
        for (const point of [...points, STREAM.length]) {
          chunks.push(STREAM.slice(start, point));
          start = point;
        }
        expect(parseChunks(chunks)).toEqual(EXPECTED);
      }),
    );
  });

  it('treats CR, LF and CRLF alike as line ends', () => {
    const events = parseChunks(['event: a\rdata: 1\r\revent: b\ndata: 2\n\nevent: c\r\ndata: 3\r\n\r\n']);
    expect(events).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
      { event: 'c', data: '3' },
    ]);
  });

  it('joins multi-line data with LF and keeps spaces after the first', () => {
    expect(parseChunks(['data: line one\ndata:line two\ndata:   indented\n\n'])).toEqual([{ event: 'message', data: 'line one\nline two\n  indented' }]);
  });

  it('ignores comments, unknown fields, and blocks without data', () => {
    expect(parseChunks([': ping\n\nid: 7\nretry: 10\n\nevent: lonely\n\nfoo: bar\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('drops a final event that lacks its blank line', () => {
    expect(parseChunks(['event: done\ndata: {"partial":true}'])).toEqual([]);
  });

  it('strips one leading byte-order mark', () => {
    expect(parseChunks(['\ufeff', 'data: 1\n\n'])).toEqual([{ event: 'message', data: '1' }]);
  });

  it('reads a byte stream split at arbitrary byte offsets, inside multi-byte characters too', async () => {
    const bytes = new TextEncoder().encode(STREAM);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(bytes.length), { maxLength: 30 }), async (cuts) => {
        const events: SseEvent[] = [];
        let chunks = 0;
        for await (const event of readEventStream(byteStream(bytes, cuts), () => chunks++)) events.push(event);
        expect(events).toEqual(EXPECTED);
        expect(chunks).toBeGreaterThan(0);
      }),
    );
  });
});
