import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { modelFetch } from './model-fetch.js';
import { leanOpenAIChat } from './openai-chat-model.js';
import type { LanguageModelV3 } from './model-turn.js';
import { OFFLINE_MODEL_ID, OfflineResponder } from './offline/model.js';

/**
 * The language model of an agent: its provider and model, with keys from the environment.
 * Whatever cannot be served (no key, unknown provider) is answered by the offline responder, so
 * an install with no configuration at all still has a working, grounded assistant.
 *
 * | variable            | used by                                                         |
 * |---------------------|-----------------------------------------------------------------|
 * | OPENAI_API_KEY      | provider "openai" (required), "openai-compatible" (optional)    |
 * | OPENAI_BASE_URL     | "openai": another OpenAI-compatible endpoint; "openai-compatible": required (Ollama, vLLM, llama.cpp, LM Studio) |
 * | ANTHROPIC_API_KEY   | provider "anthropic" (required)                                 |
 * | ANTHROPIC_BASE_URL  | provider "anthropic": a proxy or gateway instead of api.anthropic.com |
 */

export interface ProviderEnv {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  ANTHROPIC_API_KEY?: string | undefined;
  ANTHROPIC_BASE_URL?: string | undefined;
}

export type ProviderKind = 'openai' | 'anthropic' | 'openai-compatible' | 'offline';

export interface ResolvedModel {
  model: LanguageModelV3;
  provider: ProviderKind;
  modelId: string;
  /** Why the agent's provider was not used, when it was not. */
  fallbackReason?: string;
}

/** Models used when an agent names a provider but no model. */
export const DEFAULT_MODELS: Readonly<Record<Exclude<ProviderKind, 'offline'>, string>> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  'openai-compatible': 'llama3.1',
};

/**
 * Recently resolved models by provider, model and environment. A model object holds only its
 * configuration and is safe to share, so the turns of an agent use one instead of each building
 * its own provider.
 */
const RESOLVED_CACHE_SIZE = 64;
const resolved = new Map<string, ResolvedModel>();

export function resolveModel(agent: { provider: string; model: string | null }, env: ProviderEnv): ResolvedModel {
  const key = JSON.stringify([agent.provider, agent.model, env.OPENAI_API_KEY, env.OPENAI_BASE_URL, env.ANTHROPIC_API_KEY, env.ANTHROPIC_BASE_URL]);
  let model = resolved.get(key);
  if (!model) {
    model = createModel(agent, env);
    if (resolved.size >= RESOLVED_CACHE_SIZE) resolved.delete(resolved.keys().next().value as string);
    resolved.set(key, model);
  }
  return model;
}

/** The offline responder, with why it stands in for the agent's provider when it does. */
export function offlineModel(fallbackReason?: string): ResolvedModel {
  return { model: new OfflineResponder(), provider: 'offline', modelId: OFFLINE_MODEL_ID, ...(fallbackReason ? { fallbackReason } : {}) };
}

function createModel(agent: { provider: string; model: string | null }, env: ProviderEnv): ResolvedModel {
  const set = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);
  const offline = offlineModel;
  switch (agent.provider) {
    case 'openai': {
      const apiKey = set(env.OPENAI_API_KEY);
      if (!apiKey) return offline('OPENAI_API_KEY is not set');
      const modelId = agent.model ?? DEFAULT_MODELS.openai;
      const baseURL = set(env.OPENAI_BASE_URL);
      // Chat Completions rather than the Responses API: it is what every compatible server speaks.
      // Streamed without the library's web streams (see openai-chat-model.ts), the same parts.
      return { model: leanOpenAIChat({ apiKey, baseURL, fetch: modelFetch }, modelId), provider: 'openai', modelId };
    }
    case 'openai-compatible': {
      const baseURL = set(env.OPENAI_BASE_URL);
      if (!baseURL) return offline('OPENAI_BASE_URL is not set');
      const modelId = agent.model ?? DEFAULT_MODELS['openai-compatible'];
      const apiKey = set(env.OPENAI_API_KEY);
      const provider = createOpenAICompatible({ name: 'openai-compatible', baseURL, includeUsage: true, fetch: modelFetch, ...(apiKey ? { apiKey } : {}) });
      return { model: provider.chatModel(modelId), provider: 'openai-compatible', modelId };
    }
    case 'anthropic': {
      const apiKey = set(env.ANTHROPIC_API_KEY);
      if (!apiKey) return offline('ANTHROPIC_API_KEY is not set');
      const modelId = agent.model ?? DEFAULT_MODELS.anthropic;
      const baseURL = set(env.ANTHROPIC_BASE_URL);
      return { model: createAnthropic({ apiKey, fetch: modelFetch, ...(baseURL ? { baseURL } : {}) }).messages(modelId), provider: 'anthropic', modelId };
    }
    case 'offline':
      return offline();
    default:
      return offline(`unknown provider "${agent.provider}"`);
  }
}
