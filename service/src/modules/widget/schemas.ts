import { z } from 'zod';
import { LEAD_TRIGGERS, SITE_TYPES } from '../../db/schema.js';
import { blockSchema } from '../assistant/blocks.js';
import { named } from '../../lib/route-schema.js';
import { MAX_MESSAGE_CHARS } from '../assistant/runtime.js';
import { handoffStateSchema, handoffViewSchema, teamMessageSchema } from '../../contract/conversation-updates.js';

/** Wire schemas of the widget API (contract section 4). */

const bcp47 = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, 'must be a BCP-47 language tag')
  .max(35);

/** Page context is sanitized by the runtime; here it only has to be an object of bounded size. */
const pageContext = z.record(z.string(), z.unknown()).optional();

export const initBody = named(
  'InitRequest',
  z.object({
    agent_id: z.uuid('must be an agent id'),
    visitor_id: z.uuid().optional(),
    conversation_id: z.uuid().optional(),
    locale: bcp47.optional(),
    page_context: pageContext,
    shopper_token: z.string().max(4096).optional(),
  }),
);

export const messageBody = named(
  'MessageRequest',
  z.object({
    message: z.string().trim().min(1, 'must not be empty').max(MAX_MESSAGE_CHARS, `must be at most ${MAX_MESSAGE_CHARS} characters`),
    page_context: pageContext,
    locale: bcp47.optional(),
  }),
);

export const FEEDBACK_REASONS = ['incorrect', 'incomplete', 'off_topic'] as const;

export const feedbackBody = named(
  'FeedbackRequest',
  z.object({
    message_id: z.uuid('must be the id of an answer in this conversation'),
    rating: z.enum(['up', 'down']),
    reason: z.enum(FEEDBACK_REASONS).optional().describe('Why an answer did not help (with a thumbs down)'),
  }),
);

export const leadBody = named(
  'LeadRequest',
  z.object({
    email: z.email('must be an email address').max(320),
    name: z.string().trim().max(200).optional(),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+()0-9 .-]*$/, 'must be a phone number')
      .optional(),
    consent: z.object({ marketing: z.boolean() }).optional(),
    fields: z
      .record(z.string().max(64), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
      .refine((value) => Object.keys(value).length <= 20, 'at most 20 fields')
      .optional(),
  }),
);

export const EVENT_NAMES = ['launcher_open', 'launcher_close', 'cta_click', 'dismiss', 'scroll_trigger'] as const;

/** The earliest event time accepted: older ones are a client's broken clock or an attack. */
export const EVENT_TIME_MIN = new Date('2000-01-01T00:00:00Z');
/** How far ahead of the service's clock an event may be dated (visitors' clocks run fast, not this fast). */
export const EVENT_TIME_MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * The events body, judging `at` against the service's clock: from 2000 until a day ahead. A
 * date-time that names year 0, or runs past year 9999 once its offset is applied, is well
 * formed but no timestamp the database can store; it is a validation error like any other.
 */
export function eventsBodyFor(now: () => Date) {
  const within = `must be between ${EVENT_TIME_MIN.toISOString()} and a day from now`;
  return z.object({
    events: z
      .array(
        z.object({
          name: z.enum(EVENT_NAMES),
          at: z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' }).refine((value) => {
            const time = Date.parse(value);
            return time >= EVENT_TIME_MIN.getTime() && time <= now().getTime() + EVENT_TIME_MAX_AHEAD_MS;
          }, within),
          props: z
            .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
            .refine((value) => Object.keys(value).length <= 20, 'at most 20 props')
            .default({}),
        }),
      )
      .min(1, 'send at least one event')
      .max(50, 'send at most 50 events per request'),
  });
}

export const couponApplyBody = named(
  'CouponApplyRequest',
  z.object({
    code: z.string().trim().min(1).max(64),
  }),
);

/** Responses, as the routes answer them (contract section 4). */

const isoDateTime = z.iso.datetime({ offset: true });
const direction = z.enum(['ltr', 'rtl']);

export const messageSchema = named(
  'Message',
  z.object({
    id: z.uuid(),
    role: z.enum(['user', 'assistant', 'team']).describe("`team`: written by a person of the store's team, who took the conversation over"),
    content: z.string().describe('Markdown text'),
    author: z.object({ name: z.string().nullable() }).optional().describe('Who of the team wrote a `team` message (their display name, if they set one)'),
    blocks: z.array(blockSchema),
    sources: z.array(z.object({ title: z.string(), url: z.string() })),
    created_at: isoDateTime,
    language: z.string().optional().describe("An answer's reply language (BCP-47); absent on the visitor's own messages"),
    direction: direction.optional().describe("The writing direction of an answer's language; absent on the visitor's own messages"),
  }),
);

export const initResponse = named(
  'InitResponse',
  z.object({
    conversation_id: z.uuid(),
    visitor_id: z.uuid(),
    token: z.string().describe('Widget JWT (HS256, 60 minutes) for the other widget routes'),
    expires_at: isoDateTime,
    agent: z.object({
      id: z.uuid(),
      name: z.string(),
      site_type: z.enum(SITE_TYPES),
      greeting: z.string().nullable(),
      locale: z.string(),
      direction,
      suggestions: z.array(z.string()).describe("The home screen's suggested questions: the owner's own, else the site type's sample questions"),
      lead_capture: z.object({
        enabled: z.boolean().nullish(),
        trigger: z.enum(LEAD_TRIGGERS).nullish().describe('When the widget offers the lead form besides the visitor asking for a person'),
        ask_after_turns: z.number().int().nullish(),
        consent_text: z.string().nullish(),
      }),
      theme: z.object({
        color: z.string().nullish(),
        position: z.enum(['left', 'right']).nullish(),
        avatar_url: z.string().nullish().describe("The agent's picture (an https URL the owner set); absent: the name's initial"),
      }),
      handoff: z.object({
        type: z.enum(['url', 'email', 'lead_form']).nullish().describe('Where a visitor who asks for a person is sent'),
        value: z.string().nullish(),
        label: z.string().nullish(),
        live: z.boolean().nullish().describe('False: nobody of the team takes conversations over; the escalation goes where `type` says'),
        offer_person: z.boolean().nullish().describe('Offer "Talk to a person" up front'),
      }),
    }),
    messages: z.array(messageSchema).describe('The last 30 messages, oldest first, when the conversation was resumed; else empty'),
  }),
);

export const messageResponse = named('MessageResponse', z.object({ conversation_id: z.uuid(), message: messageSchema }));

export const feedbackResponse = named(
  'FeedbackResponse',
  z.object({
    message_id: z.uuid(),
    rating: z.enum(['up', 'down']),
    reason: z.enum(FEEDBACK_REASONS).nullable(),
  }),
);

export const leadResponse = named('LeadResponse', z.object({ lead_id: z.uuid(), created: z.boolean() }));

export const eventsResponse = named('EventsResponse', z.object({ accepted: z.number().int() }));

export const couponApplyResponse = named(
  'CouponApplyResponse',
  z.object({
    status: z.literal('staged'),
    code: z.string(),
    expires_at: isoDateTime,
    cart_url: z.string(),
  }),
);

/** A person from the team (see conversations/handoff.ts). */

export const handoffBody = named(
  'HandoffRequest',
  z.object({
    source: z
      .enum(['talk_to_person', 'escalation_button'])
      .describe('`talk_to_person`: the visitor chose to talk to a person; `escalation_button`: they pressed the button an answer offered'),
  }),
);

export const handoffResponse = named(
  'HandoffResponse',
  z.object({
    state: handoffStateSchema,
    available: z.boolean().describe('False: nobody of the team can answer now; offer the lead form instead'),
    reason: z.enum(['nobody_online', 'outside_office_hours', 'live_handoff_off']).nullable(),
  }),
);

export const heldResponse = named(
  'HeldResponse',
  z.object({
    conversation_id: z.uuid(),
    held: z.literal(true),
    message_id: z.uuid().describe("The visitor's message, kept for the team"),
    state: z.enum(['waiting_for_human', 'human']),
  }),
);

export const updatesQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('The `seq` of the last team message the widget has (else the Last-Event-ID header; else 0: all)'),
});

export const updatesResponse = named(
  'UpdatesResponse',
  z.object({
    handoff: handoffViewSchema,
    messages: z.array(teamMessageSchema).describe('Team replies after `after`, oldest first (at most 50; ask again after the last one for more)'),
  }),
);
