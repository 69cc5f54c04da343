import { AppError } from '../../lib/errors.js';

/**
 * The per-conversation budget. The message endpoints have no global rate limit (spec section 8):
 * instead each conversation may use a bounded number of assistant turns and model tokens, so one
 * visitor (or a script posing as one) cannot run up an unbounded provider bill.
 *
 * Defaults, used when the agent's budget_turns / budget_tokens are NULL: 50 assistant turns and
 * 100,000 tokens (prompt and completion together, as the provider reports them; the offline
 * responder estimates four characters per token). A turn that starts under budget runs to the
 * end, so the last turn may overshoot the token budget by one reply.
 */
export const DEFAULT_BUDGET_TURNS = 50;
export const DEFAULT_BUDGET_TOKENS = 100_000;
/** Upper bound on one reply, whatever budget remains. */
export const MAX_OUTPUT_TOKENS_PER_TURN = 1024;

export interface Budget {
  turns: number;
  tokens: number;
}

export function budgetOf(agent: { budgetTurns: number | null; budgetTokens: number | null }): Budget {
  return { turns: agent.budgetTurns ?? DEFAULT_BUDGET_TURNS, tokens: agent.budgetTokens ?? DEFAULT_BUDGET_TOKENS };
}

/** Throws conversation_budget_exhausted when no further assistant turn may start. */
export function assertWithinBudget(budget: Budget, used: { turnsUsed: number; tokensUsed: number }): void {
  if (used.turnsUsed >= budget.turns) {
    throw new AppError('conversation_budget_exhausted', `This conversation has reached its limit of ${budget.turns} replies`);
  }
  if (used.tokensUsed >= budget.tokens) {
    throw new AppError('conversation_budget_exhausted', 'This conversation has used all of its allowed tokens');
  }
}

/** The output cap for the next reply: what the budget has left, within the per-turn bound. */
export function outputTokenCap(budget: Budget, used: { tokensUsed: number }): number {
  return Math.max(1, Math.min(MAX_OUTPUT_TOKENS_PER_TURN, budget.tokens - used.tokensUsed));
}
