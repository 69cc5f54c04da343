import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * The cost governor: daily caps on what hosted models may spend, per agent and per workspace, in
 * tokens and in US dollars (NULL: no cap). Each conversation has its own budget (budget.ts), but
 * a script can start new conversations without end; these caps bound the owner's bill per UTC day
 * whatever the number of conversations.
 *
 * Spending is counted per UTC day, agent and model in model_usage_daily as each reply is stored
 * (the tokens the provider reported, prompt and completion; the Playground's turns too, as they
 * are billed by the provider all the same). Before a turn calls a hosted model, today's spending is
 * compared with the caps: once one is reached, the turn is answered by the offline responder
 * instead (the turn's diagnostics say why), so visitors still get a grounded answer.
 *
 * Turns that start together are checked against the same spending, so a cap may be overshot by
 * the turns already running when it is reached (each at most a few thousand tokens).
 *
 * Money is computed from the tokens with the price table: the workspace's own prices
 * (model_prices) over the built-in ones below. A model in neither costs nothing here: its tokens
 * count against token caps only, and the Usage page lists it as unpriced.
 */

export interface ModelPrice {
  /** US dollars per million prompt tokens. */
  input: number;
  /** US dollars per million completion tokens. */
  output: number;
}

/** Built-in prices (US dollars per million tokens) of the default models and a few common ones. */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'openai:gpt-4o-mini': { input: 0.15, output: 0.6 },
  'openai:gpt-4o': { input: 2.5, output: 10 },
  'openai:gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'openai:gpt-4.1': { input: 2, output: 8 },
  'anthropic:claude-3-5-haiku-latest': { input: 0.8, output: 4 },
  'anthropic:claude-sonnet-4-0': { input: 3, output: 15 },
};

/** A share of a cap at which the owner is warned. */
export const WARN_AT = 0.8;

export interface Caps {
  tokens: number | null;
  costUsd: number | null;
}

export interface Spent {
  tokens: number;
  costUsd: number;
  turns: number;
  /** Models used today that no price is known for (provider:model). */
  unpriced: string[];
}

export interface UsageRow {
  agentId: string;
  provider: string;
  model: string;
  turns: number;
  inputTokens: number;
  outputTokens: number;
}

export interface SpendToday {
  workspaceCaps: Caps;
  rows: UsageRow[];
  prices: Map<string, ModelPrice>;
}

export type CapLevel = 'ok' | 'warning' | 'reached';

export interface CapState {
  level: CapLevel;
  /** The highest share of a cap used (0 with no caps). */
  share: number;
  /** What is at or over its share, e.g. "2,040 of 2,000 tokens". */
  detail: string | null;
}

const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/** Drivers return json columns parsed (PGlite) or as text (some pg setups). */
function parsed<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Today's (UTC) hosted-model spending of a workspace, its caps and its prices, in one round trip. */
export async function spendToday(db: Db, workspaceId: string): Promise<SpendToday> {
  const [row] = await queryRows<{ token_cap: string | number | null; cost_cap: string | number | null; usage: unknown; prices: unknown }>(
    db,
    sql`SELECT w.daily_token_cap AS token_cap, w.daily_cost_cap_usd AS cost_cap,
               (SELECT coalesce(json_agg(json_build_object('agentId', u.agent_id, 'provider', u.provider, 'model', u.model, 'turns', u.turns,
                                                           'inputTokens', u.input_tokens, 'outputTokens', u.output_tokens)), '[]'::json)
                  FROM model_usage_daily u WHERE u.workspace_id = w.id AND u.day = ${TODAY}) AS usage,
               (SELECT coalesce(json_agg(json_build_object('provider', p.provider, 'model', p.model, 'input', p.input_usd_per_mtok, 'output', p.output_usd_per_mtok)), '[]'::json)
                  FROM model_prices p WHERE p.workspace_id = w.id) AS prices
          FROM workspaces w WHERE w.id = ${workspaceId}`,
  );
  const prices = new Map(Object.entries(DEFAULT_PRICES));
  for (const price of parsed<{ provider: string; model: string; input: number | string; output: number | string }[]>(row?.prices ?? [])) {
    prices.set(`${price.provider}:${price.model}`, { input: Number(price.input), output: Number(price.output) });
  }
  const rows = parsed<UsageRow[]>(row?.usage ?? []).map((u) => ({
    ...u,
    turns: Number(u.turns),
    inputTokens: Number(u.inputTokens),
    outputTokens: Number(u.outputTokens),
  }));
  const cap = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return { workspaceCaps: { tokens: cap(row?.token_cap), costUsd: cap(row?.cost_cap) }, rows, prices };
}

/** What the rows spent (all of them, or one agent's). */
export function spentOf(spend: SpendToday, agentId?: string): Spent {
  const spent: Spent = { tokens: 0, costUsd: 0, turns: 0, unpriced: [] };
  for (const row of spend.rows) {
    if (agentId !== undefined && row.agentId !== agentId) continue;
    spent.tokens += row.inputTokens + row.outputTokens;
    spent.turns += row.turns;
    const key = `${row.provider}:${row.model}`;
    const price = spend.prices.get(key);
    if (price) spent.costUsd += (row.inputTokens * price.input + row.outputTokens * price.output) / 1_000_000;
    else if (!spent.unpriced.includes(key)) spent.unpriced.push(key);
  }
  return spent;
}

const integer = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** How close the spending is to the caps. */
export function capState(caps: Caps, spent: Spent): CapState {
  const shares: { share: number; detail: string }[] = [];
  if (caps.tokens !== null)
    shares.push({ share: spent.tokens / caps.tokens, detail: `${integer.format(spent.tokens)} of ${integer.format(caps.tokens)} tokens` });
  if (caps.costUsd !== null)
    shares.push({ share: spent.costUsd / caps.costUsd, detail: `${dollars.format(spent.costUsd)} of ${dollars.format(caps.costUsd)}` });
  const top = shares.sort((a, b) => b.share - a.share)[0];
  if (!top) return { level: 'ok', share: 0, detail: null };
  return { level: top.share >= 1 ? 'reached' : top.share >= WARN_AT ? 'warning' : 'ok', share: top.share, detail: top.detail };
}

export function agentCaps(agent: { dailyTokenCap: number | null; dailyCostCapUsd: number | null }): Caps {
  return { tokens: agent.dailyTokenCap, costUsd: agent.dailyCostCapUsd === null ? null : Number(agent.dailyCostCapUsd) };
}

function hasCap(caps: Caps): boolean {
  return caps.tokens !== null || caps.costUsd !== null;
}

/**
 * Why a turn of this agent must not call its hosted model today, or undefined when it may: the
 * agent's or the workspace's daily cap is reached. One read (spendToday).
 */
export async function capReason(
  db: Db,
  agent: { id: string; workspaceId: string; dailyTokenCap: number | null; dailyCostCapUsd: number | null },
): Promise<string | undefined> {
  const spend = await spendToday(db, agent.workspaceId);
  const own = agentCaps(agent);
  if (hasCap(own)) {
    const state = capState(own, spentOf(spend, agent.id));
    if (state.level === 'reached') return `the agent's daily cap is reached (${state.detail} today, UTC)`;
  }
  if (hasCap(spend.workspaceCaps)) {
    const state = capState(spend.workspaceCaps, spentOf(spend));
    if (state.level === 'reached') return `the workspace's daily cap is reached (${state.detail} today, UTC)`;
  }
  return undefined;
}

/** Adds a stored reply's hosted-model tokens to today's spending (inside the reply's transaction). */
export function recordSpend(workspaceId: string, spend: { agentId: string; provider: string; model: string; inputTokens: number; outputTokens: number }) {
  return sql`INSERT INTO model_usage_daily (workspace_id, agent_id, day, provider, model, turns, input_tokens, output_tokens)
             VALUES (${workspaceId}, ${spend.agentId}, ${TODAY}, ${spend.provider}, ${spend.model}, 1, ${spend.inputTokens}, ${spend.outputTokens})
             ON CONFLICT (workspace_id, day, agent_id, provider, model) DO UPDATE
               SET turns = model_usage_daily.turns + 1,
                   input_tokens = model_usage_daily.input_tokens + excluded.input_tokens,
                   output_tokens = model_usage_daily.output_tokens + excluded.output_tokens`;
}
