import { randomUUID } from 'node:crypto';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Message,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { phrase } from '../phrases.js';
import { emailsIn } from '../visitor-facts.js';
import { describeToolResult } from './compose.js';
import { composeAnswer, type Composed } from './answer.js';
import { readOfflineFacts } from './facts.js';
import { detectIntents, orderNumberIn } from './intents.js';

/**
 * The built-in offline responder: a language model in the AI SDK's provider interface that needs
 * no key and no network. It reads the same system prompt, tools and conversation a hosted model
 * receives, decides on a tool call from the visitor's words, and answers by quoting the best
 * sources or the tool's result. The runtime cannot tell it from a hosted model, so everything
 * downstream (tools, blocks, persistence, diagnostics) is exercised the same way.
 */

type CallOptions = LanguageModelV3CallOptions;
type StreamResult = LanguageModelV3StreamResult;
type GenerateResult = LanguageModelV3GenerateResult;
type StreamPart = LanguageModelV3StreamPart;
type Message = LanguageModelV3Message;
type Usage = LanguageModelV3Usage;

export const OFFLINE_MODEL_ID = 'offline-responder';

/** Tools that look something up in the site's content and may come back empty-handed. */
const SEARCHING_TOOLS = new Set(['show_products', 'show_pricing', 'show_case_study']);

type Plan = { kind: 'tool'; toolName: string; input: Record<string, unknown> } | { kind: 'text'; text: string };

export class OfflineResponder implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'offline';
  readonly modelId = OFFLINE_MODEL_ID;
  readonly supportedUrls = {};

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const plan = planReply(options);
    const content: GenerateResult['content'] =
      plan.kind === 'tool'
        ? [{ type: 'tool-call', toolCallId: `call_${randomUUID()}`, toolName: plan.toolName, input: JSON.stringify(plan.input) }]
        : [{ type: 'text', text: plan.text }];
    return { content, finishReason: finishReasonOf(plan), usage: usageOf(options, plan), warnings: [] };
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    const plan = planReply(options);
    const parts = streamPartsOf(plan, usageOf(options, plan));
    const signal = options.abortSignal;
    let next = 0;
    // Pull-based, so a consumer that stops reading (or aborts) stops generation at once.
    const stream = new ReadableStream<StreamPart>({
      pull(controller) {
        if (signal?.aborted) {
          controller.error(signal.reason);
          return;
        }
        const part = parts[next++];
        if (part) controller.enqueue(part);
        else controller.close();
      },
    });
    return { stream };
  }
}

function finishReasonOf(plan: Plan): GenerateResult['finishReason'] {
  return plan.kind === 'tool' ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' };
}

function streamPartsOf(plan: Plan, usage: Usage): StreamPart[] {
  const parts: StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: `offline-${randomUUID()}`, modelId: OFFLINE_MODEL_ID, timestamp: new Date() },
  ];
  if (plan.kind === 'tool') {
    const id = `call_${randomUUID()}`;
    const input = JSON.stringify(plan.input);
    parts.push(
      { type: 'tool-input-start', id, toolName: plan.toolName },
      { type: 'tool-input-delta', id, delta: input },
      { type: 'tool-input-end', id },
      { type: 'tool-call', toolCallId: id, toolName: plan.toolName, input },
    );
  } else {
    const id = 'text-0';
    parts.push({ type: 'text-start', id });
    // Word by word, the granularity at which hosted models stream.
    for (const delta of plan.text.match(/\S+\s*|\s+/g) ?? []) parts.push({ type: 'text-delta', id, delta });
    parts.push({ type: 'text-end', id });
  }
  parts.push({ type: 'finish', usage, finishReason: finishReasonOf(plan) });
  return parts;
}

/** No tokenizer offline: four characters per token, the usual rule of thumb for English. */
function usageOf(options: CallOptions, plan: Plan): Usage {
  const input = Math.ceil(JSON.stringify(options.prompt).length / 4);
  const output = Math.ceil((plan.kind === 'tool' ? JSON.stringify(plan.input).length : plan.text.length) / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function textOf(message: Message): string {
  if (message.role === 'system') return message.content;
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** What to do next: answer the tool results of this turn, or pick a tool, or answer directly. */
function planReply(options: CallOptions): Plan {
  const prompt = options.prompt;
  const facts = readOfflineFacts(options.providerOptions);
  const lastUser = prompt.findLastIndex((m) => m.role === 'user');
  const question = lastUser >= 0 ? textOf(prompt[lastUser] as Message) : '';
  // Called without the runtime's facts (no sources, no language): nothing to answer from.
  if (!facts) return { kind: 'text', text: phrase('en', 'unsure') };
  const language = facts.language;
  const intents = detectIntents(question);
  const available = new Set((options.tools ?? []).map((t) => t.name));
  const results = prompt
    .slice(lastUser + 1)
    .flatMap((message) => (message.role === 'tool' ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part] : [])) : []));
  const composed = composeAnswer(question, facts, { toolsAvailable: available });

  // An escalation the visitor asked for is not an admission of not knowing.
  const unsure = (facts.lowConfidence || composed.kind === 'abstain') && !intents.has('handoff');
  if (results.length > 0) {
    // A catalog or page search that found nothing, for a question the sources do answer ("what
    // return policy do you have?" sounds like a product question): answer from the sources.
    const searched = results.filter((result) => SEARCHING_TOOLS.has(result.toolName));
    const foundNothing = searched.length > 0 && searched.every((result) => !('shown' in outputValue(result.output)));
    if (foundNothing && composed.kind === 'text') return { kind: 'text', text: composed.text };
    // The catalog had nothing, but a page answers what was asked: that answer.
    if (foundNothing && composed.kind === 'tool' && composed.fallback) return { kind: 'text', text: composed.fallback };
    // Nothing in the catalog and nothing in the pages: offer a person, as for any question not answered.
    const escalated = results.some((result) => result.toolName === 'escalate');
    if (foundNothing && !escalated && available.has('escalate'))
      return { kind: 'tool', toolName: 'escalate', input: { reason: 'Nothing in the catalog or the pages answers the question' } };
    const abstention = composed.kind === 'abstain' ? composed.text : undefined;
    const text = results
      .map((result) => {
        if (result.output.type.startsWith('error')) return phrase(language, 'unsure');
        // After a search that found nothing, its own message already says so.
        if (result.toolName === 'escalate' && foundNothing) return phrase(language, 'escalation_offer');
        if (result.toolName === 'escalate' && abstention) return `${abstention} ${phrase(language, 'escalation_offer')}`;
        return describeToolResult(result.toolName, outputValue(result.output), language, unsure);
      })
      .filter(Boolean)
      .join('\n\n');
    return { kind: 'text', text };
  }

  const tool = (toolName: string, input: Record<string, unknown>): Plan | undefined =>
    available.has(toolName) ? { kind: 'tool', toolName, input } : undefined;
  // The runtime's stored facts; a call without them (tests, tools) reads the prompt's messages.
  const visitorEmails = facts.visitorEmails ?? prompt.filter((m) => m.role === 'user').flatMap((m) => emailsIn(textOf(m)));
  const orderNumber = orderNumberIn(question);
  const email = visitorEmails.at(-1);

  // The owner wrote the answer to this question ("Do you offer a student discount?"): it answers,
  // rather than the tool its words suggest (a coupon); a visitor asking for a person still gets one.
  if (composed.kind === 'text' && composed.owners && !intents.has('handoff')) return { kind: 'text', text: composed.text };
  const requested =
    (intents.has('handoff') && tool('escalate', { reason: 'The visitor asked for a person' })) ||
    (intents.has('order') && tool('lookup_order', orderNumber ? { order_number: orderNumber, ...(email ? { email } : {}) } : {})) ||
    (intents.has('coupon') && tool('offer_coupon', {})) ||
    (intents.has('case_study') && tool('show_case_study', { query: question })) ||
    (intents.has('pricing') && !available.has('show_products') && tool('show_pricing', { query: question }));
  if (requested) return requested;
  return planOf(composed, tool, language) ?? { kind: 'text', text: phrase(language, 'unsure') };
}

function planOf(composed: Composed, tool: (name: string, input: Record<string, unknown>) => Plan | undefined, language: string): Plan | undefined {
  switch (composed.kind) {
    case 'text':
      return { kind: 'text', text: composed.text };
    case 'tool':
      return tool(composed.toolName, composed.input) ?? (composed.fallback ? { kind: 'text', text: composed.fallback } : undefined);
    case 'abstain':
      return tool('escalate', { reason: composed.reason }) ?? { kind: 'text', text: composed.text || phrase(language, 'unsure') };
  }
}

function outputValue(output: { type: string; value?: unknown }): Record<string, unknown> {
  const value = output.value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string') return { message: value };
  return {};
}
