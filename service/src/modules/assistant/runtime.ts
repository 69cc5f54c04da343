import { randomUUID } from 'node:crypto';
import type { ModelMessage, ToolSet } from 'ai';
import type { Db } from '../../db/client.js';
import type { SiteType } from '../../db/schema.js';
import type { ConversationRow } from '../conversations/store.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { safeErrorMessage } from '../../lib/safe-errors.js';
import type { AddressPolicy } from '../sites/address-policy.js';
import { blockFallbackText, blockUrl, isBlockShown, linkTarget, type Block } from './blocks.js';
import { budgetOf, outputTokenCap } from './budget.js';
import { beginTurn, saveAssistantMessage, visitorFactsOf, type BegunTurn, type StoredMessage } from './conversation-store.js';
import type { AssistantMessage, Diagnostics, SourceRef, ToolCallRecord, TurnEvent, TurnUsage } from './events.js';
import { resolveReplyLanguage, type ReplyLanguage } from './language.js';
import { matchLocale } from './locales.js';
import { LeakGuard } from './leak-guard.js';
import { streamModelTurn, toolErrorForModel, type LanguageModelV3, type TurnTokens } from './model-turn.js';
import { sanitizePageContext, type PageContext } from './page-context.js';
import { phrase } from './phrases.js';
import { buildSystemPrompt, type BuiltPrompt } from './prompt.js';
import { outcomeOf, type TurnOutcome } from './outcome.js';
import { offlineProviderOptions, type OfflineTurnFacts } from './offline/facts.js';
import { OFFLINE_MODEL_ID } from './offline/model.js';
import { capReason } from './cost-governor.js';
import { offlineModel, resolveModel, type ProviderEnv, type ResolvedModel } from './providers.js';
import { retrieve, type RankedSource, type Retrieval } from './retrieval.js';
import { analyzeQuestion } from './understanding/question.js';
import { isSiteType, siteTypeDefinition, type SiteTypeDefinition } from './site-types.js';
import { activeShopper } from './shopper-binding.js';
import type { OrderLookupLimits } from './order-lookup-limits.js';
import { messageFacts } from './visitor-facts.js';
import type { AgentRow } from '../agents/store.js';
import { buildTools, emptyEffects, escalationButton, type ToolEffects, type ToolName } from './tools.js';

/**
 * One assistant turn, the same for the widget and the Playground: the visitor's message in, a
 * stream of events out, both messages stored. Stopping (the consumer leaves, or `signal` aborts)
 * aborts the provider request and stores what was generated so far as a partial answer.
 */

export interface RuntimeDeps {
  db: Db;
  providerEnv: ProviderEnv;
  /** The operator's policy for calls to sites (ALLOW_PRIVATE_SITE_URLS). */
  addressPolicy: AddressPolicy;
  /** Replaces the agent's configured model (benchmarks use a zero-latency model). */
  resolveModel?: (agent: AgentRow) => ResolvedModel;
  /** The clock (shopper bindings expire, order lookup misses are counted by time); the system clock if absent. */
  now?: () => Date;
  orderLookupLimits?: OrderLookupLimits;
  /**
   * Told of every complete production answer once it is stored, with what the answer did: the
   * widget starts a handoff from here (the `escalate` tool, low confidence twice in a row). Its
   * failure is noted and never costs the visitor the answer.
   */
  onAnswered?: (answer: AnsweredTurn) => Promise<void>;
}

export interface AnsweredTurn {
  agent: AgentRow;
  conversationId: string;
  /** The model (or the offline responder) called its `escalate` tool. */
  escalated: boolean;
  offline: boolean;
  lowConfidence: boolean;
}

export interface TurnOverrides {
  siteType?: string | null;
  language?: string | null;
  /** The page the visitor is on (widget) or the Playground's page-context form; sanitized here. */
  pageContext?: unknown;
}

export interface TurnInput {
  agent: AgentRow;
  conversation: ConversationRow;
  message: string;
  /** The visitor's locale from the request; the conversation's locale from init otherwise. */
  locale?: string | null;
  /**
   * In production only `pageContext` is read; site type and language overrides are Playground
   * features and are ignored there.
   */
  overrides?: TurnOverrides;
  mode: 'production' | 'playground';
  signal?: AbortSignal;
  /** The client's address as per-address limits count it (clientAddressKey). */
  clientAddress?: string;
}

export const MAX_MESSAGE_CHARS = 4000;
/** Earlier messages sent to the model, and read for facts the visitor gave (emails, numbers). */
const HISTORY_FOR_MODEL = 10;
const HISTORY_FOR_FACTS = 30;
/** Model calls per turn: room for two rounds of tools and the answer. */
const MAX_STEPS = 4;
const MAX_SOURCES = 5;

export async function* runTurn(deps: RuntimeDeps, input: TurnInput): AsyncGenerator<TurnEvent, void, undefined> {
  const started = performance.now();
  const { agent, conversation, mode } = input;
  const message = input.message.trim();
  const problem = inputProblem(input, message);
  if (problem) {
    yield errorEvent(problem);
    return;
  }

  const controller = new AbortController();
  const stopOnConsumerAbort = () => controller.abort(input.signal?.reason);
  input.signal?.addEventListener('abort', stopOnConsumerAbort, { once: true });
  if (input.signal?.aborted) stopOnConsumerAbort();

  const siteType = siteTypeDefinition(mode === 'playground' && isSiteType(input.overrides?.siteType) ? (input.overrides.siteType as SiteType) : agent.siteType);
  const visitorLocale = input.locale ?? conversation.locale;
  const language = resolveReplyLanguage({
    override: mode === 'playground' ? input.overrides?.language : undefined,
    visitorLocale,
    message,
    agentDefault: agent.defaultLocale,
  });
  const pageContext = sanitizePageContext(input.overrides?.pageContext, { mode, allowedOrigins: agent.allowedOrigins }) ?? null;
  const turn = new TurnRecord(agent.id, randomUUID(), siteType, language, pageContext);
  if (language.source === 'other_language') {
    turn.notes.push(`reply language ${language.tag}: the message is written in it, not in the visitor's locale (${visitorLocale})`);
  }
  const budget = budgetOf(agent);
  let begun = false;
  let stored = false;

  const persist = async (status: 'complete' | 'partial' | 'error') => {
    stored = true;
    turn.createdAt = await saveAssistantMessage(deps.db, agent.workspaceId, conversation.id, turn.toRecord(status, performance.now() - started));
  };

  try {
    const setup = yield* prepareTurn(deps, input, { message, siteType, language, pageContext, budget, turn, signal: controller.signal }, () => {
      begun = true;
    });
    if (!setup) return;
    const { prompt, tools, toolNames, effects } = setup;
    // The Playground shows the full prompt anyway; production replies must never reproduce it.
    const guard = mode === 'production' ? new LeakGuard(prompt.confidential) : undefined;
    const parts = streamModelTurn({
      model: setup.model,
      system: () => prompt.system,
      messages: setup.modelMessages,
      tools,
      maxSteps: MAX_STEPS,
      maxOutputTokens: setup.maxOutputTokens,
      abortSignal: controller.signal,
      maxRetries: 1,
      ...(setup.providerOptions ? { providerOptions: setup.providerOptions } : {}),
    });

    let leaked = false;
    for await (const part of parts) {
      if (part.type === 'text-delta') {
        const outcome = guard ? guard.push(part.text) : { release: part.text };
        if ('leak' in outcome) {
          leaked = true;
          controller.abort(new Error('The reply reproduced the instructions'));
          break;
        }
        if (outcome.release) yield turn.addText(outcome.release, performance.now() - started);
      } else if (part.type === 'tool-result' || part.type === 'tool-error') {
        const call: ToolCallRecord = {
          name: part.toolName,
          arguments: part.input,
          result: part.type === 'tool-result' ? part.output : { error: toolErrorForModel(part.error) },
          duration_ms: effects.durations.get(part.toolCallId) ?? 0,
        };
        turn.toolCalls.push(call);
        if (mode === 'playground') yield { type: 'tool_call', tool_call: call };
        for (const { block } of effects.blocks.filter((entry) => entry.toolCallId === part.toolCallId)) {
          if (turn.addBlock(block, isBlockShown(block.kind, siteType.blocks, mode))) yield { type: 'block', block };
        }
      } else if (part.type === 'finish') {
        turn.usage = part.totalUsage;
      }
    }

    if (input.signal?.aborted) {
      await persist('partial');
      return;
    }
    if (leaked) {
      turn.notes.push('reply stopped: it reproduced the instructions');
      yield turn.addText(`${turn.content ? '\n\n' : ''}${phrase(language.tag, 'leak_refusal')}`, performance.now() - started);
    } else {
      const held = guard?.flush();
      if (held) yield turn.addText(held, performance.now() - started);
    }

    // Low confidence with no tool answering: the escalation offer does not depend on the model.
    // Small talk ("thanks") is not a question anybody failed to answer.
    if (turn.retrieval.lowConfidence && turn.toolCalls.length === 0 && toolNames.includes('escalate') && setup.smallTalk === null) {
      const button = escalationButton(agent, language.tag, 'No source answers the question');
      if (turn.addBlock(button, isBlockShown(button.kind, siteType.blocks, mode))) yield { type: 'block', block: button };
    }
    const fallback = turn.fallbackText();
    if (fallback) yield turn.addText(fallback, performance.now() - started);

    turn.sources = usedSources(turn, effects.sources);
    turn.outcome = outcomeOf({
      smallTalk: setup.smallTalk !== null,
      lowConfidence: turn.retrieval.lowConfidence,
      used: turn.sources,
      retrieved: turn.retrieval.sources,
      toolCalls: turn.toolCalls,
      blocks: [...turn.blocks, ...turn.hiddenBlocks],
    });
    yield { type: 'sources', sources: turn.sources };
    await persist('complete');
    if (mode === 'production' && deps.onAnswered) {
      await deps
        .onAnswered({
          agent,
          conversationId: conversation.id,
          escalated: turn.toolCalls.some((call) => call.name === 'escalate'),
          offline: turn.provider === 'offline',
          lowConfidence: turn.retrieval.lowConfidence && setup.smallTalk === null,
        })
        .catch((error: unknown) => turn.notes.push(`after the answer: ${safeErrorMessage(error)}`));
    }
    if (mode === 'playground') yield { type: 'diagnostics', diagnostics: turn.diagnostics('complete', performance.now() - started) };
    yield { type: 'done', message: turn.message() };
  } catch (error) {
    if (!begun) {
      yield errorEvent(error);
      return;
    }
    if (input.signal?.aborted) {
      await persist('partial');
      return;
    }
    turn.notes.push(`failed: ${isAppError(error) ? error.message : safeErrorMessage(error)}`);
    await persist('error');
    yield errorEvent(isAppError(error) ? error : new AppError('service_unavailable', 'The assistant could not answer right now', { cause: error }));
  } finally {
    input.signal?.removeEventListener('abort', stopOnConsumerAbort);
    if (begun && !stored) {
      // The consumer stopped iterating: stop the model and keep what it had said.
      controller.abort(new Error('The consumer stopped reading'));
      await persist('partial');
    }
  }
}

/** What the streaming part of a turn needs, and nothing else of its preparation. */
interface TurnSetup {
  model: LanguageModelV3;
  prompt: BuiltPrompt;
  tools: ToolSet;
  toolNames: ToolName[];
  effects: ToolEffects;
  modelMessages: ModelMessage[];
  maxOutputTokens: number | undefined;
  /** The offline responder's turn facts; hosted models get the prompt only. */
  providerOptions: Record<string, Record<string, never>> | undefined;
  smallTalk: ReturnType<typeof analyzeQuestion>['smallTalk'];
}

interface TurnContext {
  message: string;
  siteType: SiteTypeDefinition;
  language: ReplyLanguage;
  pageContext: PageContext | null;
  budget: ReturnType<typeof budgetOf>;
  turn: TurnRecord;
  signal: AbortSignal;
}

/**
 * Begins the turn (yielding `start`, or the error that refused it), retrieves and builds the
 * prompt and tools. Its own generator, so that what only preparation needs (the full retrieved
 * passages, the stored history, the pending queries) is released when it returns instead of
 * staying in the frame of a turn that may stream for minutes. `onBegun` is called once the turn
 * has begun: from then on, a failure is stored with the turn.
 */
async function* prepareTurn(
  deps: RuntimeDeps,
  input: TurnInput,
  { message, siteType, language, pageContext, budget, turn, signal }: TurnContext,
  onBegun: () => void,
): AsyncGenerator<TurnEvent, TurnSetup | undefined, undefined> {
  const { db } = deps;
  const { agent, conversation, mode } = input;
  const workspaceId = agent.workspaceId;
  // Retrieval starts alongside the statement that begins the turn; it waits for the history
  // only when the question is a short follow-up.
  // The message's facts are read once, here, and stored with it; earlier messages' come back with the history.
  const facts = messageFacts(message);
  const beginning = beginTurn(db, {
    workspaceId,
    conversationId: conversation.id,
    message,
    facts,
    budget,
    historyLimit: HISTORY_FOR_FACTS,
    contentLimit: HISTORY_FOR_MODEL,
  });
  const previousUserTurns = beginning.then((b) => b.history.filter((m) => m.role === 'user').map((m) => m.content));
  const previousAnswerSources = beginning.then((b) => (b.history.findLast((m) => m.role === 'assistant')?.sources ?? []).map((source) => source.url));
  const retrievalStarted = performance.now();
  // The question is read in the reply language, the site's own and English.
  const analysis = analyzeQuestion(message, [language.tag, agent.defaultLocale]);
  const retrieval = retrieve(db, {
    workspaceId,
    agentId: agent.id,
    question: message,
    previousUserTurns,
    previousAnswerSources,
    language: language.tag,
    contentLanguage: agent.defaultLocale,
    pageContext,
    analysis,
  });
  // The daily caps (cost-governor.ts) are read alongside, for agents with a hosted model.
  const capped = agent.provider === 'offline' ? Promise.resolve(undefined) : capReason(db, agent);
  // If the turn cannot begin, nobody awaits these: keep their rejections handled.
  previousUserTurns.catch(() => {});
  previousAnswerSources.catch(() => {});
  retrieval.catch(() => {});
  capped.catch(() => {});
  let state: BegunTurn;
  try {
    state = await beginning;
  } catch (error) {
    yield errorEvent(error);
    return undefined;
  }
  onBegun();
  // A binding ends with the shopper token that made it: after that the visitor is a guest.
  const shopper = activeShopper(state.shopper, deps.now?.() ?? new Date());
  yield { type: 'start', conversation_id: conversation.id, message_id: turn.id, language: language.tag, direction: language.direction };
  const retrieved = await retrieval;
  turn.retrievalMs = performance.now() - retrievalStarted;
  // The passages' text goes into the prompt; the turn keeps only what its diagnostics show.
  turn.retrieval = {
    sources: retrieved.sources.map(({ rank, score, title, url, snippet, kind }) => ({ rank, score, title, url, snippet, kind })),
    confidence: retrieved.confidence,
    lowConfidence: retrieved.lowConfidence,
  };
  if (retrieved.focus) turn.notes.push(`about ${retrieved.focus.title} (${FOCUS_NOTE[retrieved.focus.reason]})`);

  let resolved = deps.resolveModel?.(agent) ?? resolveModel(agent, deps.providerEnv);
  const overCap = resolved.provider === 'offline' ? undefined : await capped;
  if (overCap) resolved = offlineModel(overCap);
  turn.model = `${resolved.provider}:${resolved.modelId}`;
  turn.provider = resolved.provider;
  turn.modelId = resolved.modelId;
  if (resolved.fallbackReason) turn.notes.push(`offline responder used: ${resolved.fallbackReason}`);
  const toolNames = siteType.tools.filter((name) => name !== 'offer_coupon' || agent.coupons.length > 0);
  const prompt = buildSystemPrompt({
    agentName: agent.name,
    siteType,
    language,
    pageContext: pageContext ?? undefined,
    retrieval: retrieved,
    tools: toolNames,
    shownBlocks: siteType.blocks.filter((kind) => isBlockShown(kind, siteType.blocks, mode)),
    verifiedShopper: shopper?.user_id !== undefined,
    contentLanguageName: matchLocale(agent.defaultLocale)?.englishName ?? 'English',
  });
  turn.prompt = prompt;
  const effects = emptyEffects();
  const visitorFacts = [...visitorFactsOf(state.history), facts];
  const tools = buildTools(
    toolNames,
    {
      db,
      agent,
      shopper,
      languageTag: language.tag,
      visitorFacts,
      addressPolicy: deps.addressPolicy,
      signal,
      conversationId: conversation.id,
      clientAddress: input.clientAddress,
      ...(deps.orderLookupLimits ? { orderLookupLimits: deps.orderLookupLimits } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    },
    effects,
  );
  const modelMessages = toModelMessages(state.history, message);
  turn.promptChars = prompt.length + modelMessages.reduce((sum, m) => sum + String(m.content).length, 0);
  // Only the offline responder reads the facts; a hosted model's turn does not keep them.
  const providerOptions =
    resolved.model.modelId === OFFLINE_MODEL_ID
      ? offlineProviderOptions(
          offlineFacts({ agent, siteType, language: language.tag, retrieval: retrieved, analysis, visitorEmails: visitorFacts.flatMap((f) => f.emails) }),
        )
      : undefined;
  return {
    model: resolved.model,
    prompt,
    tools,
    toolNames,
    effects,
    modelMessages,
    maxOutputTokens: outputTokenCap(budget, state),
    providerOptions,
    smallTalk: analysis.smallTalk,
  };
}

const FOCUS_NOTE: Record<NonNullable<Retrieval['focus']>['reason'], string> = {
  name: 'named in the question',
  page: "the page's product",
  conversation: 'the product the conversation was about',
};

function offlineFacts(input: {
  agent: AgentRow;
  siteType: SiteTypeDefinition;
  language: string;
  retrieval: Retrieval;
  analysis: ReturnType<typeof analyzeQuestion>;
  visitorEmails: string[];
}): OfflineTurnFacts {
  const { retrieval } = input;
  return {
    language: input.language,
    contentLanguage: input.agent.defaultLocale,
    agentName: input.agent.name,
    shop: input.siteType.tools.includes('show_products'),
    lowConfidence: retrieval.lowConfidence,
    analysis: input.analysis,
    visitorEmails: input.visitorEmails,
    focus: retrieval.focus,
    ...(retrieval.leansOn ? { leansOn: retrieval.leansOn } : {}),
    sources: retrieval.sources.map(({ rank, documentId, title, url, kind, heading, content, data, origin }) => ({
      rank,
      documentId,
      title,
      url,
      kind,
      heading,
      content,
      data,
      origin,
    })),
  };
}

function inputProblem(input: TurnInput, message: string): AppError | undefined {
  const { agent, conversation, mode } = input;
  if (conversation.agentId !== agent.id || conversation.workspaceId !== agent.workspaceId) return new AppError('not_found', 'Conversation not found');
  if ((mode === 'playground') !== conversation.isPlayground) {
    return new AppError(
      'validation_failed',
      mode === 'playground' ? 'This is not a Playground conversation' : 'Playground conversations cannot be continued from the widget',
    );
  }
  if (message.length === 0 || message.length > MAX_MESSAGE_CHARS) {
    return new AppError('validation_failed', 'The message is not valid', { errors: { message: [`must be 1 to ${MAX_MESSAGE_CHARS} characters`] } });
  }
  return undefined;
}

function errorEvent(error: unknown): TurnEvent {
  const appError = isAppError(error) ? error : new AppError('internal_error', 'Something went wrong');
  return { type: 'error', code: appError.code, message: appError.message };
}

/** Recent history as model messages: answered turns only, starting with the visitor. */
function toModelMessages(history: readonly StoredMessage[], message: string): ModelMessage[] {
  const usable = history.filter((m) => m.status !== 'error' && m.content.trim() !== '').slice(-HISTORY_FOR_MODEL);
  const firstUser = usable.findIndex((m) => m.role === 'user');
  const turns = firstUser < 0 ? [] : usable.slice(firstUser);
  // A person of the team spoke for the store: to the model, that is the store's side of the conversation.
  return [...turns.map((m): ModelMessage => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content })), { role: 'user', content: message }];
}

/**
 * The sources the answer used, best ranked first: those it links to, and those of the cards it
 * produced. The full ranking stays in the diagnostics.
 */
function usedSources(turn: TurnRecord, fromTools: readonly SourceRef[]): SourceRef[] {
  const linked = new Set<string>();
  for (const match of turn.content.matchAll(/\]\((https?:\/\/[^\s)]+)\)/g)) if (match[1]) linked.add(match[1]);
  for (const block of [...turn.blocks, ...turn.hiddenBlocks]) {
    const url = blockUrl(block);
    if (url) linked.add(url);
  }
  const candidates = [...turn.retrieval.sources.map((s) => ({ title: s.title, url: s.url })), ...fromTools];
  // Links are written with linkTarget's encoding; blocks carry the address as synced.
  const isUsed = (url: string) => linked.has(url) || linked.has(linkTarget(url));
  const used = candidates.filter((source, index) => isUsed(source.url) && candidates.findIndex((c) => c.url === source.url) === index);
  return used.slice(0, MAX_SOURCES);
}

/** The retrieval as a turn keeps it: what its diagnostics and sources show. */
interface TurnRetrieval {
  sources: Pick<RankedSource, 'rank' | 'score' | 'title' | 'url' | 'snippet' | 'kind'>[];
  confidence: number;
  lowConfidence: boolean;
}

/** Everything a turn produced, and its conversion to the stored message and diagnostics. */
class TurnRecord {
  content = '';
  blocks: Block[] = [];
  hiddenBlocks: Block[] = [];
  toolCalls: ToolCallRecord[] = [];
  sources: SourceRef[] = [];
  /** Set once the answer is complete. */
  outcome: TurnOutcome | null = null;
  notes: string[] = [];
  retrieval: TurnRetrieval = { sources: [], confidence: 0, lowConfidence: true };
  retrievalMs = 0;
  firstTokenMs: number | null = null;
  usage: TurnTokens | undefined;
  promptChars = 0;
  prompt: BuiltPrompt | undefined;
  model = 'none';
  provider = 'none';
  modelId = 'none';
  createdAt = new Date();

  constructor(
    readonly agentId: string,
    readonly id: string,
    readonly siteType: SiteTypeDefinition,
    readonly language: ReplyLanguage,
    readonly pageContext: PageContext | null,
  ) {}

  addText(text: string, elapsedMs: number): TurnEvent {
    this.content += text;
    this.firstTokenMs ??= elapsedMs;
    return { type: 'delta', text };
  }

  /** Records a block; true when it is shown (else its text fallback goes into the answer). */
  addBlock(block: Block, shown: boolean): boolean {
    (shown ? this.blocks : this.hiddenBlocks).push(block);
    return shown;
  }

  /** Links for blocks that are not shown and that the answer does not already mention. */
  fallbackText(): string {
    const lines = this.hiddenBlocks.filter((block) => {
      const url = blockUrl(block);
      return url === undefined || !this.content.includes(`(${linkTarget(url)})`);
    });
    if (lines.length === 0) return '';
    return `${this.content ? '\n\n' : ''}${lines.map((block) => blockFallbackText(block, this.language.tag)).join('\n')}`;
  }

  turnUsage(): TurnUsage {
    const input = this.usage?.inputTokens;
    const output = this.usage?.outputTokens;
    if (input !== undefined && output !== undefined) {
      return { input_tokens: input, output_tokens: output, total_tokens: this.usage?.totalTokens ?? input + output, estimated: false };
    }
    const estimatedInput = Math.ceil(this.promptChars / 4);
    const estimatedOutput = Math.ceil(this.content.length / 4);
    return { input_tokens: estimatedInput, output_tokens: estimatedOutput, total_tokens: estimatedInput + estimatedOutput, estimated: true };
  }

  diagnostics(status: Diagnostics['status'], totalMs: number): Diagnostics {
    const ms = (value: number) => Math.round(value * 10) / 10;
    return {
      latency_ms: {
        retrieval: ms(this.retrievalMs),
        first_token: this.firstTokenMs === null ? null : ms(this.firstTokenMs),
        tools: ms(this.toolCalls.reduce((sum, call) => sum + call.duration_ms, 0)),
        total: ms(totalMs),
      },
      confidence: this.retrieval.confidence,
      sources: this.retrieval.sources.map((s) => ({ rank: s.rank, score: s.score, title: s.title, url: s.url, snippet: s.snippet, kind: s.kind })),
      tool_calls: this.toolCalls,
      blocks: this.blocks,
      system_prompt: this.prompt?.system ?? '',
      model: this.model,
      usage: this.turnUsage(),
      site_type: this.siteType.id,
      language: this.language.tag,
      direction: this.language.direction,
      page_context: this.pageContext,
      status,
      outcome: status === 'complete' ? this.outcome : null,
      notes: this.notes,
    };
  }

  toRecord(status: Diagnostics['status'], totalMs: number) {
    const usage = this.turnUsage();
    return {
      id: this.id,
      content: this.content,
      blocks: this.blocks,
      sources: this.sources,
      toolCalls: this.toolCalls,
      usage: { ...usage },
      diagnostics: { ...this.diagnostics(status, totalMs) },
      outcome: status === 'complete' && this.outcome ? { ...this.outcome } : null,
      status,
      // A failed turn is not charged as a reply; its tokens are, when the provider reported any.
      turns: status === 'error' ? 0 : 1,
      tokens: status === 'error' && usage.estimated ? 0 : usage.total_tokens,
      // What a hosted model was paid for, counted against the daily caps (cost-governor.ts).
      ...(this.provider !== 'offline' && this.provider !== 'none' && !(status === 'error' && usage.estimated)
        ? { spend: { agentId: this.agentId, provider: this.provider, model: this.modelId, inputTokens: usage.input_tokens, outputTokens: usage.output_tokens } }
        : {}),
    };
  }

  message(): AssistantMessage {
    return {
      id: this.id,
      role: 'assistant',
      content: this.content,
      blocks: this.blocks,
      sources: this.sources,
      created_at: this.createdAt.toISOString(),
      language: this.language.tag,
      direction: this.language.direction,
    };
  }
}
