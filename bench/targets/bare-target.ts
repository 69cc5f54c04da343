/**
 * The baseline process for bench/widget-api.ts: a bare Fastify route answering a constant, alone
 * in its process. Alone, because code a process shares between two Fastify instances (Node's
 * HTTP server, Fastify's request lifecycle) is optimized for both instances' objects at once
 * and runs slower for each: with this route in the app's process, init measured 10–15 % slower
 * than with the route in a process of its own.
 */
import Fastify from 'fastify';

const bare = Fastify();
bare.post('/constant', async () => ({ ok: true }));
const url = await bare.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void bare.close().then(() => process.exit(0));
});
process.send!({ type: 'ready', url });
