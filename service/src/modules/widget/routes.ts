import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { queryRows } from '../../db/client.js';
import { couponApplies } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { clientAddressKey, createLimiter } from '../../lib/rate-limit.js';
import { errorResponses, eventStreamResponse } from '../../lib/route-schema.js';
import { writeEventStream } from '../../lib/sse.js';
import type { AgentRow } from '../agents/store.js';
import {
  lowConfidenceTwice,
  requestHandoff,
  routeVisitorMessage,
  storeHeldVisitorMessage,
  teamMessagesAfter,
  visitorHandoffView,
  type HandoffDeps,
} from '../conversations/handoff.js';
import { messageFacts } from '../assistant/visitor-facts.js';
import type { TurnEvent } from '../assistant/events.js';
import { resolveReplyLanguage } from '../assistant/language.js';
import { runTurn, type RuntimeDeps } from '../assistant/runtime.js';
import { activeShopper } from '../assistant/shopper-binding.js';
import { siteTypeDefinition } from '../assistant/site-types.js';
import { streamTurn, turnError } from '../assistant/turn-stream.js';
import { SiteClient } from '../sites/site-client.js';
import { siteForAgent } from '../sites/site-lookup.js';
import { publishedAgentCache } from './agent-cache.js';
import { resumedMessages, widgetConversation } from './conversations.js';
import { bindShopper, findConversation, startConversation, type ConversationRow } from '../conversations/store.js';
import { conversationUpdates } from './updates.js';
import { SubscriptionCounter, writeCountedStream } from '../../lib/subscriptions.js';
import { ALLOWED_HEADERS, allowOrigin, originAllowedFor, originDirectory, requestOrigin } from './cors.js';
import { saveLead } from '../leads/capture.js';
import { saveFeedback } from './feedback.js';
import {
  couponApplyBody,
  couponApplyResponse,
  eventsBodyFor,
  feedbackBody,
  feedbackResponse,
  eventsResponse,
  handoffBody,
  handoffResponse,
  heldResponse,
  updatesQuery,
  updatesResponse,
  initBody,
  initResponse,
  leadBody,
  leadResponse,
  messageBody,
  messageResponse,
} from './schemas.js';
import { verifyShopperToken } from './shopper-token.js';
import { storeEvents } from './telemetry.js';
import { WidgetTokens, type WidgetClaims } from './widget-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified widget token of the request; set before its body is validated. */
    widget: WidgetClaims | null;
  }
}

const WIDGET_PATHS = [
  '/v1/widget/init',
  '/v1/widget/messages',
  '/v1/widget/messages/stream',
  '/v1/widget/leads',
  '/v1/widget/feedback',
  '/v1/widget/events',
  '/v1/widget/handoff',
  '/v1/widget/updates',
  '/v1/widget/updates/stream',
  '/api/v1/widget/coupon/apply',
];

/** Live channels open at once, per conversation and per client address (see SubscriptionCounter). */
export const UPDATES_STREAMS_PER_CONVERSATION = 3;
export const UPDATES_STREAMS_PER_ADDRESS = 20;

/** The widget API (spec 4.2). */
/** The widget's documentation: every route but init authenticates with the token init gives. */
const tags = ['widget'];
const security = [{ widgetToken: [] }];

/** The widget API (spec 4.2). */
export async function widgetRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('widget', null);
  const tokens = new WidgetTokens(deps.config.appSecret, deps.config.publicBaseUrl, deps.now, deps.config.previousAppSecret);
  const handoff: HandoffDeps = { db: deps.db, notifier: deps.notifier, now: deps.now };
  const runtime: RuntimeDeps = {
    db: deps.db,
    providerEnv: deps.providerEnv,
    addressPolicy: deps.sitePolicy,
    now: deps.now,
    orderLookupLimits: {
      perConversation: deps.limits.orderLookupMissesPerConversation,
      perAddressPerHour: deps.limits.orderLookupMissesPerAddressPerHour,
      perEmailPerHour: deps.limits.orderLookupMissesPerEmailPerHour,
    },
    // The assistant's own escalation and repeated low confidence ask for a person: defined
    // actions of the turn, never words found in a reply.
    onAnswered: async (answer) => {
      const trigger = answer.escalated
        ? answer.offline
          ? 'offline_escalate'
          : 'model_escalate'
        : answer.lowConfidence && (await lowConfidenceTwice(deps.db, answer.agent.workspaceId, answer.conversationId))
          ? 'low_confidence'
          : undefined;
      if (trigger) await requestHandoff(handoff, { agent: answer.agent, conversationId: answer.conversationId, trigger });
    },
  };
  const limits = deps.limits;
  const perIp = (name: string, max: number, windowMs?: number) => createLimiter(app, { name, max, key: clientAddressKey, ...(windowMs ? { windowMs } : {}) });
  const perToken = (name: string, max: number) => createLimiter(app, { name, max, key: (request) => request.widget?.tokenId ?? clientAddressKey(request) });
  const initLimit = perIp('widget-init', limits.widgetInitPerIp);
  const couponLimit = perIp('widget-coupon', limits.couponApplyPerIp);
  const leadLimit = perToken('widget-leads', limits.leadsPerToken);
  const eventLimit = perToken('widget-events', limits.eventsPerToken);
  const handoffLimit = perToken('widget-handoff', 10);
  const updatesLimit = perToken('widget-updates', 60);
  const updatesIpLimit = perIp('widget-updates-ip', 600);
  const streamsPerConversation = new SubscriptionCounter(UPDATES_STREAMS_PER_CONVERSATION);
  const streamsPerAddress = new SubscriptionCounter(UPDATES_STREAMS_PER_ADDRESS);
  // Visitor messages, both endpoints counted together. Each conversation is bounded by its budget
  // (budget.ts), but init hands out new conversations: the per-address limit bounds what one
  // client can make the owner's model do across all of them (see SECURITY.md, cost governor).
  const messageAddressLimit = perIp('widget-messages-address', limits.messagesPerAddress);
  const messageConversationLimit = createLimiter(app, {
    name: 'widget-messages-conversation',
    max: limits.messagesPerConversation,
    key: (request) => request.widget?.conversationId ?? clientAddressKey(request),
  });
  const messageLimit = async (request: FastifyRequest) => {
    await messageAddressLimit(request);
    await messageConversationLimit(request);
  };
  // On top of the spec's per-token limits: a visitor gets a new token with every init, so a
  // flood from one address is held by its address.
  const eventIpLimit = perIp('widget-events-ip', limits.eventRequestsPerIp);
  const leadIpLimit = perIp('widget-leads-ip', limits.leadsPerIpPerHour, 60 * 60 * 1000);
  // Feedback: per address, per token, and per agent (the owner's tenant), whatever the tokens.
  const feedbackIpLimit = perIp('widget-feedback-ip', limits.feedbackPerIp);
  const feedbackTokenLimit = perToken('widget-feedback', limits.feedbackPerToken);
  const feedbackAgentLimit = createLimiter(app, {
    name: 'widget-feedback-agent',
    max: limits.feedbackPerAgent,
    key: (request) => request.widget?.agentId ?? clientAddressKey(request),
  });

  const origins = originDirectory(deps.db);
  const initAgent = publishedAgentCache(deps.db, () => deps.now().getTime());
  // Callback style: on every widget request, and nearly always answered from the cache.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('vary', 'Origin');
    const origin = requestOrigin(request);
    if (!origin) return done();
    const cached = origins.cached(origin);
    if (cached !== undefined) {
      if (cached) allowOrigin(reply, origin);
      return done();
    }
    origins.listed(origin).then((listed) => {
      if (listed) allowOrigin(reply, origin);
      done();
    }, done);
  });

  for (const path of WIDGET_PATHS) {
    app.options(path, async (request, reply) => {
      if (!reply.hasHeader('access-control-allow-origin')) {
        throw new AppError('origin_not_allowed', 'This origin is not allowed to use the widget');
      }
      void reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    });
  }

  /**
   * The token is verified (and the given limits counted) before the body is validated, as a
   * preValidation step: a request without a valid token learns nothing about its body.
   */
  const withToken =
    (...limitsAfterToken: ((request: FastifyRequest) => Promise<void>)[]) =>
    async (request: FastifyRequest) => {
      request.widget = await tokens.verify(request.headers.authorization);
      for (const limit of limitsAfterToken) await limit(request);
    };

  /**
   * The token's conversation and agent; a token is only usable from its own agent's origins.
   * Judged after the body was validated: the first use of a token stores its conversation, and
   * a refused request must store nothing.
   */
  const conversationOf = async (request: FastifyRequest) => {
    const claims = request.widget;
    if (!claims) throw new AppError('unauthenticated', 'A widget token is required');
    return widgetConversation(deps.db, claims, (tokenAgent) => {
      if (request.headers.origin !== undefined && !originAllowedFor(requestOrigin(request), tokenAgent.allowedOrigins)) {
        throw new AppError('origin_not_allowed', 'This origin is not allowed for this agent');
      }
    });
  };

  const initSchema = {
    tags,
    operationId: 'widgetInit',
    summary: 'Start or resume a conversation',
    description:
      "No credentials: the Origin header must be one of the agent's allowed origins (else 403 `origin_not_allowed`). Resumes when `conversation_id` and `visitor_id` belong together. 60 per minute per IP.",
    security: [],
    documentedHeaders: z.object({ origin: z.string().describe("The page's origin; it must be one of the agent's allowed origins") }),
    body: initBody,
    response: { 200: initResponse, ...errorResponses(400, 403, 404, 429) },
  };
  app.post('/v1/widget/init', { schema: initSchema, preValidation: initLimit }, async (request, reply) => {
    const body = request.body;
    const agent = await initAgent(body.agent_id);
    const origin = requestOrigin(request);
    // The hard gate of spec 5: only pages on the agent's own origins may start a conversation.
    if (!originAllowedFor(origin, agent.allowedOrigins)) {
      throw new AppError('origin_not_allowed', 'This origin is not allowed to use this agent');
    }
    allowOrigin(reply, origin!);

    let shopper = null;
    if (body.shopper_token) {
      const site = await siteForAgent(deps.db, agent);
      const verdict = site ? await verifyShopperToken(body.shopper_token, site, deps.now()) : { refused: 'no site is connected' };
      if ('binding' in verdict) shopper = verdict.binding;
      else request.log.warn({ agent_id: agent.id, reason: verdict.refused }, 'shopper token ignored; continuing as a guest');
    }

    const resumable =
      body.conversation_id && body.visitor_id
        ? await findConversation(deps.db, agent, { kind: 'production', id: body.conversation_id, visitorId: body.visitor_id })
        : undefined;
    // The binding is rebuilt from this init's token alone: resuming without a valid token
    // continues the conversation as a guest, whoever it was bound to before.
    if (resumable && (shopper || resumable.shopper)) {
      await bindShopper(deps.db, resumable, shopper);
    }
    // A new conversation is stored on the first use of its token (see widgetConversation), except
    // one bound to a verified shopper, whose binding is not carried in the token.
    const visitorId = body.visitor_id ?? randomUUID();
    const conversation: { id: string; visitorId: string } =
      resumable ??
      (shopper
        ? await startConversation(deps.db, agent, { kind: 'production', visitorId, locale: body.locale ?? null, shopper })
        : { id: randomUUID(), visitorId });
    const language = resolveReplyLanguage({ visitorLocale: body.locale, message: '', agentDefault: agent.defaultLocale });
    const issued = tokens.issue({
      visitorId: conversation.visitorId,
      conversationId: conversation.id,
      agentId: agent.id,
      ...(body.locale ? { locale: body.locale } : {}),
    });
    return {
      conversation_id: conversation.id,
      visitor_id: conversation.visitorId,
      token: issued.token,
      expires_at: issued.expiresAt.toISOString(),
      agent: {
        id: agent.id,
        name: agent.name,
        site_type: agent.siteType,
        greeting: agent.greeting,
        // The owner's own questions, in their words; else the site type's samples, which are
        // English and so only offered to visitors who read English.
        suggestions:
          agent.suggestions.length > 0 ? agent.suggestions : language.tag.startsWith('en') ? siteTypeDefinition(agent.siteType).samplePrompts.slice(0, 4) : [],
        locale: language.tag,
        direction: language.direction,
        lead_capture: agent.leadCapture,
        theme: agent.theme,
        // What the widget needs of the handoff; idle time and office hours stay on the service.
        handoff: {
          type: agent.handoff.type,
          value: agent.handoff.value,
          label: agent.handoff.label,
          live: agent.handoff.live !== false,
          offer_person: agent.handoff.offer_person === true,
        },
      },
      messages: resumable ? await resumedMessages(deps.db, agent.workspaceId, conversation.id) : [],
    };
  });

  /**
   * While a person of the team holds the conversation, the visitor's message is kept for them
   * and the assistant is not called; undefined when the assistant answers.
   */
  const holdForTeam = async (agent: AgentRow, conversation: ConversationRow, message: string) => {
    if ((await routeVisitorMessage(handoff, { agent, conversation })) !== 'held') return undefined;
    const text = message.trim();
    const stored = await storeHeldVisitorMessage(handoff, {
      workspaceId: agent.workspaceId,
      conversationId: conversation.id,
      message: text,
      facts: messageFacts(text),
    });
    if (!stored) return undefined;
    const view = await visitorHandoffView(deps.db, agent.workspaceId, conversation.id);
    return {
      conversation_id: conversation.id,
      held: true as const,
      message_id: stored.id,
      state: view.state === 'human' ? ('human' as const) : ('waiting_for_human' as const),
    };
  };

  /** Starts the turn; an error before anything was generated becomes a plain error response. */
  const startTurn = async (request: FastifyRequest, body: z.output<typeof messageBody>, signal: AbortSignal) => {
    const { conversation, agent } = await conversationOf(request);
    const held = await holdForTeam(agent, conversation, body.message);
    if (held) return { held };
    const events = deps.metrics.observeTurn(
      runTurn(runtime, {
        agent,
        conversation,
        clientAddress: clientAddressKey(request),
        message: body.message,
        locale: body.locale ?? null,
        overrides: { pageContext: body.page_context },
        mode: 'production',
        signal,
      }),
    );
    const first = await events.next();
    if (first.done) throw new AppError('internal_error', 'The turn produced nothing');
    if (first.value.type === 'error') throw turnError(first.value);
    return { first: first.value, events, held: undefined };
  };

  const messageSchema = {
    tags,
    operationId: 'widgetMessage',
    summary: 'Send a message and receive the whole answer',
    description:
      'While a person of the team holds the conversation, the message is kept for them and answered with 202 `HeldResponse`: the assistant stays silent.',
    security,
    body: messageBody,
    response: { 200: messageResponse, 202: heldResponse, ...errorResponses(400, 401, 403, 409, 429, 503) },
  };
  app.post('/v1/widget/messages', { schema: messageSchema, preValidation: withToken(messageLimit) }, async (request, reply) => {
    const controller = new AbortController();
    // The response closing before it was sent means the client left: stop generating. (The
    // request's own 'close' fires as soon as its body has been read, so it says nothing here.)
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
    });
    const ended = deps.turns.begin(controller);
    try {
      const { first, events, held } = await startTurn(request, request.body, controller.signal);
      if (held) return reply.status(202).send(held);
      if (first.type !== 'start') throw new AppError('internal_error', 'The turn did not start');
      let event: TurnEvent | undefined = first;
      while (event) {
        if (event.type === 'error') throw turnError(event);
        if (event.type === 'done') {
          return { conversation_id: first.conversation_id, message: event.message };
        }
        const next = await events.next();
        event = next.done ? undefined : next.value;
      }
      if (controller.signal.aborted) throw new AppError('service_unavailable', 'The answer was cut short; please ask again');
      throw new AppError('internal_error', 'The turn ended without an answer');
    } finally {
      ended();
    }
  });

  const streamSchema = {
    tags,
    operationId: 'widgetMessageStream',
    summary: 'Send a message and stream the answer (Server-Sent Events)',
    description: [
      'Events: `start` `{"conversation_id", "message_id"}`; `delta` `{"text"}` (many); `block` (a Block); `sources` `{"sources": [...]}`; then `done` `{"message": Message}`, or `error` `{"code", "message"}` instead of `done`.',
      'Comments `: ping` every 15 s. A client that disconnects aborts generation; the partial answer is saved. Errors before the stream starts are answered as JSON.',
      'While a person of the team holds the conversation, the stream is one `held` event `{"conversation_id", "message_id", "state"}`: the message was kept for the team and no answer follows.',
    ].join(' '),
    security,
    body: messageBody,
    response: { 200: eventStreamResponse('An event stream'), ...errorResponses(400, 401, 403, 409, 429) },
  };
  app.post('/v1/widget/messages/stream', { schema: streamSchema, preValidation: withToken(messageLimit) }, async (request, reply) => {
    const controller = new AbortController();
    const ended = deps.turns.begin(controller);
    let turn;
    try {
      turn = await startTurn(request, request.body, controller.signal);
    } catch (error) {
      ended();
      throw error;
    }
    if (turn.held) {
      ended();
      const { held: _held, ...kept } = turn.held;
      void writeEventStream(
        reply,
        (async function* () {
          yield { name: 'held', data: kept };
        })(),
        { onClientGone: () => {}, failureEvent: { name: 'error', data: { code: 'internal_error', message: 'The message could not be kept' } } },
      );
      return reply;
    }
    void deps.metrics.trackStream(request, reply, streamTurn(reply, turn.first!, turn.events!, controller)).finally(ended);
    return reply;
  });

  const handoffSchema = {
    tags,
    operationId: 'widgetHandoff',
    summary: 'Ask for a person of the team',
    description:
      "When somebody of the team can answer (a member used the dashboard in the last minutes, within the agent's office hours), the conversation waits for them (`waiting_for_human`) and the assistant stays silent; their replies arrive on `/v1/widget/updates/stream`. Otherwise `available` is false and the widget offers the lead form; the request is still shown in the inbox. Asking again while waiting changes nothing. 10 per minute per token.",
    security,
    body: handoffBody,
    response: { 200: handoffResponse, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/v1/widget/handoff', { schema: handoffSchema, preValidation: withToken(handoffLimit) }, async (request) => {
    const { conversation, agent } = await conversationOf(request);
    const result = await requestHandoff(handoff, {
      agent,
      conversationId: conversation.id,
      trigger: request.body.source === 'talk_to_person' ? 'visitor' : 'escalation_button',
    });
    return { state: result.state, available: result.available, reason: result.reason ?? null };
  });

  /** The cursor of a live channel: `after`, else the Last-Event-ID a reconnecting client sends. */
  const cursorOf = (request: FastifyRequest, after: number | undefined) => {
    if (after !== undefined) return after;
    const lastEventId = request.headers['last-event-id'];
    return typeof lastEventId === 'string' && /^\d{1,15}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : 0;
  };

  const updatesStreamSchema = {
    tags,
    operationId: 'widgetUpdatesStream',
    summary: "The conversation's live channel: handoff state and team replies (Server-Sent Events)",
    description: [
      'Events: `state` `{"state", "member"}` first and on every change; `message` (a team reply with its `seq`, also the event `id`). Comments `: ping` every 15 s.',
      'Resume with `after` (or the Last-Event-ID header) set to the last `seq` received: nothing is lost or repeated. The stream ends after 5 minutes; reconnect with the cursor.',
      `At most ${UPDATES_STREAMS_PER_CONVERSATION} open per conversation and ${UPDATES_STREAMS_PER_ADDRESS} per client address (429 \`rate_limited\`). Where a proxy buffers the stream, poll \`/v1/widget/updates\` instead.`,
    ].join(' '),
    security,
    querystring: updatesQuery,
    response: { 200: eventStreamResponse('An event stream'), ...errorResponses(400, 401, 403, 429) },
  };
  app.get('/v1/widget/updates/stream', { schema: updatesStreamSchema, preValidation: [updatesIpLimit, withToken(updatesLimit)] }, async (request, reply) => {
    const { conversation, agent } = await conversationOf(request);
    return writeCountedStream(
      reply,
      [
        { counter: streamsPerConversation, key: conversation.id, full: 'Too many live channels are open for this conversation' },
        { counter: streamsPerAddress, key: clientAddressKey(request), full: 'Too many live channels are open from this address' },
      ],
      (signal) =>
        conversationUpdates(handoff, {
          workspaceId: agent.workspaceId,
          conversationId: conversation.id,
          after: cursorOf(request, request.query.after),
          signal,
        }),
      'The live channel failed; reconnect',
    );
  });

  const updatesSchema = {
    tags,
    operationId: 'widgetUpdates',
    summary: "The conversation's handoff state and the team replies after a cursor (polling)",
    description:
      'The same as the live channel, for clients whose stream a proxy buffers: poll every few seconds with `after` set to the last `seq` received. 60 per minute per token.',
    security,
    querystring: updatesQuery,
    response: { 200: updatesResponse, ...errorResponses(400, 401, 403, 429) },
  };
  app.get('/v1/widget/updates', { schema: updatesSchema, preValidation: [updatesIpLimit, withToken(updatesLimit)] }, async (request) => {
    const { conversation, agent } = await conversationOf(request);
    return {
      handoff: await visitorHandoffView(deps.db, agent.workspaceId, conversation.id),
      messages: await teamMessagesAfter(deps.db, agent.workspaceId, conversation.id, cursorOf(request, request.query.after)),
    };
  });

  const leadSchema = {
    tags,
    operationId: 'widgetLead',
    summary: 'Leave contact details (delivered to the store as a site user)',
    security,
    body: leadBody,
    response: { 200: leadResponse, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/v1/widget/leads', { schema: leadSchema, preValidation: [leadIpLimit, withToken(leadLimit)] }, async (request) => {
    const { conversation, agent } = await conversationOf(request);
    const saved = await saveLead(deps.db, agent, conversation, request.body);
    return { lead_id: saved.leadId, created: saved.created };
  });

  const feedbackSchema = {
    tags,
    operationId: 'widgetFeedback',
    summary: 'Rate an answer of this conversation (thumbs up or down, with an optional reason)',
    description: "The latest rating of an answer replaces the earlier one. 404 `not_found` when the id is not an answer of the token's conversation.",
    security,
    body: feedbackBody,
    response: { 200: feedbackResponse, ...errorResponses(400, 401, 403, 404, 429) },
  };
  app.post(
    '/v1/widget/feedback',
    { schema: feedbackSchema, preValidation: [feedbackIpLimit, withToken(feedbackTokenLimit, feedbackAgentLimit)] },
    async (request) => {
      const { conversation, agent } = await conversationOf(request);
      const saved = await saveFeedback(deps.db, agent, conversation, request.body);
      return { message_id: saved.message_id, rating: saved.rating, reason: saved.reason ?? null };
    },
  );

  const eventsSchema = {
    tags,
    operationId: 'widgetEvents',
    summary: 'Record widget interaction events (1 to 50)',
    security,
    // `at` is judged against this app's clock.
    body: eventsBodyFor(deps.now),
    bodyName: 'EventsRequest',
    response: { 200: eventsResponse, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/v1/widget/events', { schema: eventsSchema, preValidation: [eventIpLimit, withToken(eventLimit)] }, async (request) => {
    const { conversation, agent } = await conversationOf(request);
    const stored = await storeEvents(deps.db, {
      agent,
      conversation,
      events: request.body.events,
      now: deps.now(),
      perAgentPerDay: deps.config.eventsPerAgentPerDay,
      log: request.log,
    });
    return { accepted: stored };
  });

  const couponSchema = {
    tags,
    operationId: 'widgetCouponApply',
    summary: "Stage a coupon offered in this conversation in the shopper's cart",
    security,
    body: couponApplyBody,
    response: { 200: couponApplyResponse, ...errorResponses(400, 401, 403, 429, 502) },
  };
  app.post('/api/v1/widget/coupon/apply', { schema: couponSchema, preValidation: [couponLimit, withToken()] }, async (request) => {
    const { conversation, agent } = await conversationOf(request);
    const { code } = request.body;
    const offered = await queryRows<{ code: string }>(
      deps.db,
      sql`SELECT b->'data'->>'code' AS code
            FROM messages m, jsonb_array_elements(m.blocks) AS b
           WHERE m.conversation_id = ${conversation.id} AND m.workspace_id = ${agent.workspaceId}
             AND m.role = 'assistant' AND b->>'kind' = 'coupon_offer'`,
    );
    const match = offered.find((row) => row.code.toLowerCase() === code.toLowerCase());
    if (!match) {
      throw new AppError('coupon_invalid', 'This coupon was not offered in this conversation', { errors: { code: ['was not offered in this conversation'] } });
    }
    // An expired binding stages nothing in that shopper's cart.
    const shopper = activeShopper(conversation.shopper, deps.now());
    const site = await siteForAgent(deps.db, agent, shopper?.site_id);
    if (!site) throw new AppError('coupon_invalid', 'No shop is connected to apply the coupon to');
    // The coupon waits in the shop for the shopper's cart: without a verified shopper (a session or
    // an account) there is no cart to stage it for, and the shop is not asked.
    if (!shopper?.session_key && !shopper?.user_id) {
      throw new AppError('cart_not_found', "The shop cannot tell which cart is this visitor's; reload the shop page and apply the coupon again");
    }
    const staged = await new SiteClient({ siteUrl: site.siteUrl, shopperSigningSecret: site.shopperSigningSecret }, runtime.addressPolicy).stageCoupon({
      code: match.code,
      ...(shopper?.session_key ? { session_key: shopper.session_key } : {}),
      ...(shopper?.user_id ? { user_id: shopper.user_id } : {}),
    });
    // Only applies that reached a cart are recorded (analytics); a refused one changes nothing.
    await deps.db
      .insert(couponApplies)
      .values({ id: randomUUID(), workspaceId: agent.workspaceId, conversationId: conversation.id, code: staged.code, status: 'staged' });
    return {
      status: 'staged' as const,
      code: staged.code,
      expires_at: new Date(deps.now().getTime() + staged.expires_in * 1000).toISOString(),
      cart_url: `${site.siteUrl}/cart/`,
    };
  });
}
