import { SITE_TYPES, type SiteType } from '../../db/schema.js';
import type { BlockKind } from './blocks.js';
import type { ToolName } from './tools.js';

/**
 * The seven verticals ("site types"). One data structure drives the runtime (persona, tools,
 * blocks) and the Playground page (labels, badges, sample prompts), so the Playground can never
 * advertise something the runtime would not do.
 */
export interface SiteTypeDefinition {
  id: SiteType;
  label: string;
  description: string;
  /** Who the assistant is, in one sentence of the system prompt. */
  persona: string;
  /** Vertical-specific rules, one prompt line each. */
  instructions: readonly string[];
  /** Rich blocks the vertical may show in the Playground preview (contract section 6). */
  blocks: readonly BlockKind[];
  /** Tools offered to the model; a tool that produces a block is listed only with its block. */
  tools: readonly ToolName[];
  samplePrompts: readonly string[];
}

export const SITE_TYPE_MAP: Readonly<Record<SiteType, SiteTypeDefinition>> = {
  ecommerce: {
    id: 'ecommerce',
    label: 'E-commerce',
    description: 'An online shop: product advice, stock and prices, orders, coupons.',
    persona: 'a friendly shopping assistant for this online store',
    instructions: [
      'Recommend products only from the synced catalog; show them with show_products so that price and stock come from the catalog.',
      'Never state a price, a discount or a stock level that is not in a tool result or a source.',
      'For order questions use lookup_order; if it asks for verification, ask the visitor for the order number and the email used for the order.',
      'Offer a coupon only when the visitor asks for a discount or is hesitating over price, and only through offer_coupon.',
    ],
    blocks: ['product_card', 'coupon_offer', 'escalation_button'],
    tools: ['search_knowledge', 'show_products', 'lookup_order', 'offer_coupon', 'escalate'],
    samplePrompts: [
      'Do you have running shoes in size 42?',
      'How much is the trail backpack and is it in stock?',
      'Where is my order 1042? My email is ana@example.com',
      'Do you have a discount code for me?',
      'What is your return policy?',
      'I would like to talk to a person.',
    ],
  },
  saas: {
    id: 'saas',
    label: 'SaaS',
    description: 'A software product: plans and pricing, features, customer stories, trials.',
    persona: 'a knowledgeable product specialist for this software product',
    instructions: [
      'Explain features and plans from the sources; show plans with show_pricing and customer stories with show_case_study.',
      'Never quote a price or a plan limit that is not in a source.',
      'When the visitor is evaluating, suggest the plan that fits what they described and say why.',
    ],
    blocks: ['pricing_card', 'case_study_card', 'escalation_button'],
    tools: ['search_knowledge', 'show_pricing', 'show_case_study', 'escalate'],
    samplePrompts: [
      'What plans do you offer and how much do they cost?',
      'Is there a free trial?',
      'Do you integrate with Slack?',
      'Which plan do I need for a team of 20?',
      'Do you have customer stories from retailers?',
      'Can I talk to sales?',
    ],
  },
  documentation: {
    id: 'documentation',
    label: 'Documentation',
    description: 'Technical documentation: precise answers with links to the right page.',
    persona: 'a precise technical documentation assistant',
    instructions: [
      'Answer with the exact steps, options or code from the sources and link the page each comes from.',
      'Keep code and option names exactly as written in the sources.',
      'If the documentation does not cover the question, say so rather than guessing.',
    ],
    blocks: ['escalation_button'],
    tools: ['search_knowledge', 'escalate'],
    samplePrompts: [
      'How do I install the plugin?',
      'What does the timeout option do?',
      'How do I rotate my API token?',
      'Which versions are supported?',
      'Why does the sync fail with a 401 error?',
    ],
  },
  help_center: {
    id: 'help_center',
    label: 'Help center',
    description: 'Customer support articles: troubleshooting, account and policy questions.',
    persona: 'a patient customer support assistant',
    instructions: [
      'Walk the visitor through the help article that answers the question, step by step.',
      'If the articles do not solve the problem, offer to escalate to the support team.',
    ],
    blocks: ['escalation_button'],
    tools: ['search_knowledge', 'escalate'],
    samplePrompts: [
      'How do I reset my password?',
      'How can I change my billing address?',
      'How do I cancel my subscription?',
      'The app does not load, what can I do?',
      'How do I contact support?',
    ],
  },
  marketing: {
    id: 'marketing',
    label: 'Marketing site',
    description: 'A company or campaign site: offering, proof, pricing overview, next step.',
    persona: 'a helpful guide to this company and what it offers',
    instructions: [
      'Explain the offering in plain words, back claims with customer stories from the sources (show_case_study).',
      'Show pricing only from the sources (show_pricing) and point to the next step, such as a demo or a contact form.',
    ],
    blocks: ['case_study_card', 'pricing_card', 'escalation_button'],
    tools: ['search_knowledge', 'show_case_study', 'show_pricing', 'escalate'],
    samplePrompts: [
      'What do you do, in one sentence?',
      'Who are your customers?',
      'Do you have a case study in my industry?',
      'How much does it cost?',
      'How do I book a demo?',
    ],
  },
  internal_kb: {
    id: 'internal_kb',
    label: 'Internal knowledge base',
    description: "A team's internal wiki: policies, processes and how-tos, no customer-facing extras.",
    persona: "a concise assistant for the team's internal knowledge base",
    instructions: [
      'Answer from the knowledge base only and link the page; be brief and factual.',
      'There is no escalation button here: if the knowledge base has no answer, say who or which page might know, if a source says so.',
    ],
    blocks: [],
    tools: ['search_knowledge'],
    samplePrompts: [
      'How do I request time off?',
      'What is the expense policy for travel?',
      'Who approves new vendor contracts?',
      'How do I get access to the staging server?',
      'Where is the onboarding checklist?',
    ],
  },
  generic: {
    id: 'generic',
    label: 'Generic',
    description: 'Any other website: answers grounded in the site content.',
    persona: 'a helpful assistant for this website',
    instructions: ['Answer from the site content and link the pages you used.'],
    blocks: ['escalation_button'],
    tools: ['search_knowledge', 'escalate'],
    samplePrompts: [
      'What is this site about?',
      'How can I get in touch?',
      'Where can I find your opening hours?',
      'Do you have an article about getting started?',
      'I need help from a person.',
    ],
  },
};

export function isSiteType(value: unknown): value is SiteType {
  return typeof value === 'string' && (SITE_TYPES as readonly string[]).includes(value);
}

export function siteTypeDefinition(siteType: SiteType): SiteTypeDefinition {
  return SITE_TYPE_MAP[siteType];
}
