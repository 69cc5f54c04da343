import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { publishedAgent, type AgentRow } from '../agents/store.js';

/**
 * How long init may answer from an agent read earlier. Every page view of every shop calls init,
 * and nearly all of them ask about the same few agents, so reading the agent each time would be
 * most of init's cost. An edit in the dashboard (greeting, theme, allowed origins, unpublishing)
 * reaches init within this time on every instance; the routes that use a widget token always
 * read the agent afresh.
 */
export const AGENT_CACHE_MS = 2_000;
const AGENT_CACHE_MAX = 10_000;

type Lookup = { agent: AgentRow } | { error: AppError };

/** Published agents by id for init, kept briefly per process (unknown ids too, so they cannot flood the database). */
export function publishedAgentCache(db: Db, now: () => number = Date.now): (agentId: string) => Promise<AgentRow> {
  const cache = new Map<string, { at: number; lookup: Promise<Lookup> }>();
  return async (agentId) => {
    let hit = cache.get(agentId);
    if (!hit || now() - hit.at >= AGENT_CACHE_MS) {
      if (cache.size >= AGENT_CACHE_MAX) cache.clear();
      // The promise is cached, so a burst of inits for one agent reads it once.
      const lookup = publishedAgent(db, agentId).then(
        (agent): Lookup => ({ agent }),
        (error: unknown): Lookup => {
          if (error instanceof AppError && error.code === 'not_found') return { error };
          cache.delete(agentId);
          throw error;
        },
      );
      hit = { at: now(), lookup };
      cache.set(agentId, hit);
    }
    const result = await hit.lookup;
    if ('error' in result) throw result.error;
    return result.agent;
  };
}
