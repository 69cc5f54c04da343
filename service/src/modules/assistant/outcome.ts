import type { SourceRef, ToolCallRecord, TurnOutcome } from '../../contract/stream-events.js';
import type { Block } from './blocks.js';
import type { RankedSource } from './retrieval.js';

export type { TurnOutcome };

/**
 * What a complete answer achieved, from what the turn did rather than from its wording: the
 * sources it used (by their kind), the tools that ran, the escalation it offered, and the
 * retrieval's confidence. Stored with the answer; the gaps page and the answer-quality figures
 * read it.
 */
export function outcomeOf(turn: {
  smallTalk: boolean;
  lowConfidence: boolean;
  used: readonly SourceRef[];
  retrieved: readonly Pick<RankedSource, 'url' | 'kind'>[];
  toolCalls: readonly ToolCallRecord[];
  blocks: readonly Block[];
}): TurnOutcome {
  const kindOf = new Map(turn.retrieved.map((source) => [source.url, source.kind]));
  const usedKinds = turn.used.map((source) => kindOf.get(source.url) ?? 'product');
  const answeringTool = turn.toolCalls.some(answered);
  const answeredBy: TurnOutcome['answered_by'] = usedKinds.includes('snippet')
    ? 'owner_answer'
    : usedKinds.length > 0
      ? 'synced_content'
      : answeringTool
        ? 'tool'
        : 'none';
  const escalated = turn.toolCalls.some((call) => call.name === 'escalate') || turn.blocks.some((block) => block.kind === 'escalation_button');
  const abstained = !turn.smallTalk && answeredBy === 'none';
  const confident = !turn.lowConfidence;
  return {
    answered_by: answeredBy,
    confident,
    abstained,
    escalated,
    small_talk: turn.smallTalk,
    gap: !turn.smallTalk && (!confident || abstained || escalated),
  };
}

/**
 * A tool that answered by itself: it showed something (products, a plan, a case study), found
 * the visitor's order, or gave a coupon. A search that found nothing, an escalation or an error
 * answered nothing.
 */
function answered(call: ToolCallRecord): boolean {
  const result = call.result;
  if (typeof result !== 'object' || result === null || 'error' in result) return false;
  if (call.name === 'escalate') return false;
  if ('shown' in result || 'code' in result) return true;
  return 'orders' in result && Array.isArray(result.orders) && result.orders.length > 0;
}
