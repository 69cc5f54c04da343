// Generated from the service's OpenAPI document (GET /openapi.json) by openapi-typescript.
// Do not edit: change the route schemas in service/src, then run `npm run generate -w client`.
// client/test/generated.test.ts fails while this file is behind the document.

export interface paths {
    "/v1/widget/init": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start or resume a conversation
         * @description No credentials: the Origin header must be one of the agent's allowed origins (else 403 `origin_not_allowed`). Resumes when `conversation_id` and `visitor_id` belong together. 60 per minute per IP.
         */
        post: operations["widgetInit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message and receive the whole answer
         * @description While a person of the team holds the conversation, the message is kept for them and answered with 202 `HeldResponse`: the assistant stays silent.
         */
        post: operations["widgetMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/messages/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message and stream the answer (Server-Sent Events)
         * @description Events: `start` `{"conversation_id", "message_id"}`; `delta` `{"text"}` (many); `block` (a Block); `sources` `{"sources": [...]}`; then `done` `{"message": Message}`, or `error` `{"code", "message"}` instead of `done`. Comments `: ping` every 15 s. A client that disconnects aborts generation; the partial answer is saved. Errors before the stream starts are answered as JSON. While a person of the team holds the conversation, the stream is one `held` event `{"conversation_id", "message_id", "state"}`: the message was kept for the team and no answer follows.
         */
        post: operations["widgetMessageStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/handoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a person of the team
         * @description When somebody of the team can answer (a member used the dashboard in the last minutes, within the agent's office hours), the conversation waits for them (`waiting_for_human`) and the assistant stays silent; their replies arrive on `/v1/widget/updates/stream`. Otherwise `available` is false and the widget offers the lead form; the request is still shown in the inbox. Asking again while waiting changes nothing. 10 per minute per token.
         */
        post: operations["widgetHandoff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/updates/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The conversation's live channel: handoff state and team replies (Server-Sent Events)
         * @description Events: `state` `{"state", "member"}` first and on every change; `message` (a team reply with its `seq`, also the event `id`). Comments `: ping` every 15 s. Resume with `after` (or the Last-Event-ID header) set to the last `seq` received: nothing is lost or repeated. The stream ends after 5 minutes; reconnect with the cursor. At most 3 open per conversation and 20 per client address (429 `rate_limited`). Where a proxy buffers the stream, poll `/v1/widget/updates` instead.
         */
        get: operations["widgetUpdatesStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The conversation's handoff state and the team replies after a cursor (polling)
         * @description The same as the live channel, for clients whose stream a proxy buffers: poll every few seconds with `after` set to the last `seq` received. 60 per minute per token.
         */
        get: operations["widgetUpdates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave contact details (delivered to the store as a site user) */
        post: operations["widgetLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rate an answer of this conversation (thumbs up or down, with an optional reason)
         * @description The latest rating of an answer replaces the earlier one. 404 `not_found` when the id is not an answer of the token's conversation.
         */
        post: operations["widgetFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record widget interaction events (1 to 50) */
        post: operations["widgetEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/widget/coupon/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage a coupon offered in this conversation in the shopper's cart */
        post: operations["widgetCouponApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wp/handshake": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect a site and receive a new shopper signing secret
         * @description The previous shopper signing secret stays valid for 10 minutes.
         */
        post: operations["handshake"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wp/posts/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Index a batch of posts (1 to 50)
         * @description The batch is validated whole: any invalid item answers 400 `validation_failed` with errors keyed `items.<index>.<field>` and nothing is written. A valid batch is written in one transaction. An item whose `content_hash` equals the stored one is `unchanged`; `{"wp_id", "deleted": true}` removes one. Body up to 2 MB.
         */
        post: operations["postsSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wp/products/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Index a batch of products (1 to 50)
         * @description The batch is validated whole: any invalid item answers 400 `validation_failed` with errors keyed `items.<index>.<field>` and nothing is written. A valid batch is written in one transaction. An item whose `content_hash` equals the stored one is `unchanged`; `{"wp_id", "deleted": true}` removes one. Body up to 2 MB.
         */
        post: operations["productsSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wp/documents/hashes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The content hashes the service holds for the site, a page at a time
         * @description For the plugin's reconciliation: `{wp_id, content_hash}` of the documents of one kind (`post` or `product`) with `wp_id` greater than `after_wp_id`, in `wp_id` order, at most `limit` (default 500, at most 1000). The plugin sends again whatever differs from its own content, and removals for what it no longer has.
         */
        post: operations["documentHashes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wp/personal-data/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A person's assistant data, by e-mail address (the site's "Export Personal Data")
         * @description In the token's workspace: the leads left with the address, and the conversations that are the person's (a lead of the address was left in it, it was bound to a shopper signed in with it, or the visitor typed it in it) with their messages. Playground conversations are not included.
         */
        post: operations["personalDataExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wp/personal-data/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a person's assistant data, by e-mail address (the site's "Erase Personal Data")
         * @description Deletes what the export returns, in one transaction: the leads (with their later submissions and undelivered deliveries) and the conversations with their messages, coupon applies, widget events and missed order lookups. Answers the counts; a second call finds nothing.
         */
        post: operations["personalDataErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database (and Redis, when configured) answer */
        get: operations["readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        EventsRequest: {
            events: {
                /** @enum {string} */
                name: "launcher_open" | "launcher_close" | "cta_click" | "dismiss" | "scroll_trigger";
                /** Format: date-time */
                at: string;
                /** @default {} */
                props?: {
                    [key: string]: string | number | boolean | null;
                };
            }[];
        };
        InitRequest: {
            /** Format: uuid */
            agent_id: string;
            /** Format: uuid */
            visitor_id?: string;
            /** Format: uuid */
            conversation_id?: string;
            locale?: string;
            page_context?: {
                [key: string]: unknown;
            };
            shopper_token?: string;
        };
        MessageRequest: {
            message: string;
            page_context?: {
                [key: string]: unknown;
            };
            locale?: string;
        };
        FeedbackRequest: {
            /** Format: uuid */
            message_id: string;
            /** @enum {string} */
            rating: "up" | "down";
            /** @enum {string} */
            reason?: "incorrect" | "incomplete" | "off_topic";
        };
        LeadRequest: {
            /** Format: email */
            email: string;
            name?: string;
            phone?: string;
            consent?: {
                marketing: boolean;
            };
            fields?: {
                [key: string]: string | number | boolean | null;
            };
        };
        CouponApplyRequest: {
            code: string;
        };
        HandoffRequest: {
            /** @enum {string} */
            source: "talk_to_person" | "escalation_button";
        };
        HandshakeRequest: {
            site_url: string;
            plugin_version: string;
            /**
             * @default {
             *       "active": false
             *     }
             */
            shop_plugin?: {
                active: boolean;
                version?: string | null;
            };
            platform_version?: string | null;
        };
        PostsSyncRequest: {
            items: ({
                wp_id: number;
                post_type: string;
                permalink: string;
                title: string;
                /** @default  */
                content_html?: string;
                excerpt?: string | null;
                content_hash: string;
                modified_at?: string | null;
                language?: string | null;
                /** @default [] */
                taxonomy_terms?: {
                    taxonomy: string;
                    slug: string;
                    name: string;
                }[];
                /**
                 * @default false
                 * @constant
                 */
                deleted?: false;
            } | {
                wp_id: number;
                /** @constant */
                deleted: true;
            })[];
        };
        ProductsSyncRequest: {
            items: ({
                wp_id: number;
                sku?: string | null;
                name: string;
                permalink: string;
                image_url?: string | null;
                /** @default  */
                description_html?: string;
                /** @default  */
                short_description_html?: string;
                pricing: {
                    currency: string;
                    /** @description The current price; for a variable product the lowest of its variations' */
                    price: string;
                    regular_price?: string | null;
                    sale_price?: string | null;
                    /** @description A variable product: the lowest current price of its variations */
                    min_price?: string | null;
                    /** @description A variable product: the highest current price of its variations */
                    max_price?: string | null;
                };
                /** @enum {string} */
                stock_status: "instock" | "outofstock" | "onbackorder";
                stock_quantity?: number | null;
                /** @default false */
                on_sale?: boolean;
                sale_ends_at?: string | null;
                /** @default [] */
                categories?: {
                    id: number;
                    slug: string;
                    name: string;
                }[];
                /** @default [] */
                attributes?: {
                    name: string;
                    options: string[];
                }[];
                /** @default [] */
                variations?: {
                    wp_id: number;
                    sku?: string | null;
                    /** @default [] */
                    attributes?: {
                        name: string;
                        option: string;
                    }[];
                    pricing: {
                        price: string;
                        regular_price?: string | null;
                        sale_price?: string | null;
                    };
                    /** @default false */
                    on_sale?: boolean;
                    sale_ends_at?: string | null;
                    /** @enum {string} */
                    stock_status: "instock" | "outofstock" | "onbackorder";
                    stock_quantity?: number | null;
                }[];
                content_hash?: string | null;
                modified_at?: string | null;
                language?: string | null;
                /**
                 * @default false
                 * @constant
                 */
                deleted?: false;
            } | {
                wp_id: number;
                /** @constant */
                deleted: true;
            })[];
        };
        DocumentHashesRequest: {
            /** @enum {string} */
            kind: "post" | "product";
            /** @default 0 */
            after_wp_id?: number;
            /** @default 500 */
            limit?: number;
        };
        PersonalDataRequest: {
            /** Format: email */
            email: string;
        };
        ErrorEnvelope: {
            message: string;
            /** @enum {string} */
            code: "validation_failed" | "coupon_invalid" | "plugin_outdated" | "unauthenticated" | "invalid_signature" | "signature_expired" | "token_expired" | "forbidden" | "origin_not_allowed" | "csrf_failed" | "not_found" | "conversation_busy" | "handoff_state_conflict" | "site_not_connected" | "cart_not_found" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "conversation_budget_exhausted" | "internal_error" | "site_unreachable" | "site_error" | "service_unavailable";
            errors: {
                [key: string]: string[];
            };
        };
        Message: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            role: "user" | "assistant" | "team";
            content: string;
            author?: {
                name: string | null;
            };
            blocks: ({
                /** @constant */
                kind: "product_card";
                data: {
                    id: string;
                    name: string;
                    url: string;
                    image_url: string | null;
                    sku: string | null;
                    price: {
                        currency: string;
                        price: string;
                        regular_price: string | null;
                        sale_price: string | null;
                        min_price?: string;
                        max_price?: string;
                    };
                    on_sale: boolean;
                    /** @enum {string} */
                    stock_status: "instock" | "outofstock" | "onbackorder";
                    stock_quantity: number | null;
                };
            } | {
                /** @constant */
                kind: "pricing_card";
                data: {
                    title: string;
                    url: string;
                    summary: string;
                    price_points: string[];
                };
            } | {
                /** @constant */
                kind: "case_study_card";
                data: {
                    title: string;
                    url: string;
                    summary: string;
                };
            } | {
                /** @constant */
                kind: "escalation_button";
                data: {
                    label: string;
                    /** @enum {string} */
                    type: "url" | "email" | "lead_form";
                    value: string | null;
                    reason: string;
                };
            } | {
                /** @constant */
                kind: "coupon_offer";
                data: {
                    code: string;
                    description: string;
                };
            })[];
            sources: {
                title: string;
                url: string;
            }[];
            /** Format: date-time */
            created_at: string;
            language?: string;
            /** @enum {string} */
            direction?: "ltr" | "rtl";
        };
        InitResponse: {
            /** Format: uuid */
            conversation_id: string;
            /** Format: uuid */
            visitor_id: string;
            token: string;
            /** Format: date-time */
            expires_at: string;
            agent: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @enum {string} */
                site_type: "ecommerce" | "saas" | "documentation" | "help_center" | "marketing" | "internal_kb" | "generic";
                greeting: string | null;
                locale: string;
                /** @enum {string} */
                direction: "ltr" | "rtl";
                suggestions: string[];
                lead_capture: {
                    enabled?: boolean | null;
                    trigger?: ("never" | "handoff" | "after_turns" | "exit_intent") | null;
                    ask_after_turns?: number | null;
                    consent_text?: string | null;
                };
                theme: {
                    color?: string | null;
                    position?: ("left" | "right") | null;
                    avatar_url?: string | null;
                };
                handoff: {
                    type?: ("url" | "email" | "lead_form") | null;
                    value?: string | null;
                    label?: string | null;
                    live?: boolean | null;
                    offer_person?: boolean | null;
                };
            };
            messages: components["schemas"]["Message"][];
        };
        MessageResponse: {
            /** Format: uuid */
            conversation_id: string;
            message: components["schemas"]["Message"];
        };
        FeedbackResponse: {
            /** Format: uuid */
            message_id: string;
            /** @enum {string} */
            rating: "up" | "down";
            reason: ("incorrect" | "incomplete" | "off_topic") | null;
        };
        LeadResponse: {
            /** Format: uuid */
            lead_id: string;
            created: boolean;
        };
        EventsResponse: {
            accepted: number;
        };
        CouponApplyResponse: {
            /** @constant */
            status: "staged";
            code: string;
            /** Format: date-time */
            expires_at: string;
            cart_url: string;
        };
        HandoffResponse: {
            /** @enum {string} */
            state: "bot" | "waiting_for_human" | "human" | "resolved";
            available: boolean;
            reason: ("nobody_online" | "outside_office_hours" | "live_handoff_off") | null;
        };
        HeldResponse: {
            /** Format: uuid */
            conversation_id: string;
            /** @constant */
            held: true;
            /** Format: uuid */
            message_id: string;
            /** @enum {string} */
            state: "waiting_for_human" | "human";
        };
        UpdatesResponse: {
            handoff: {
                /** @enum {string} */
                state: "bot" | "waiting_for_human" | "human" | "resolved";
                member: {
                    name: string | null;
                } | null;
            };
            messages: {
                seq: number;
                id: string;
                /** @constant */
                role: "team";
                content: string;
                author: {
                    name: string | null;
                };
                created_at: string;
            }[];
        };
        HandshakeResponse: {
            workspace: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            agents: {
                /** Format: uuid */
                id: string;
                name: string;
                site_type: string;
                published: boolean;
            }[];
            token: {
                /** Format: uuid */
                id: string;
                name: string;
                abilities: string[];
                expires_at: string | null;
                /** Format: date-time */
                last_used_at: string;
            };
            shopper_signing_secret: string;
        };
        SyncResponse: {
            received: number;
            created: number;
            updated: number;
            unchanged: number;
            deleted: number;
            results: {
                wp_id: number;
                /** @enum {string} */
                status: "created" | "updated" | "unchanged" | "deleted";
            }[];
        };
        DocumentHashesResponse: {
            items: {
                wp_id: number;
                content_hash: string;
            }[];
            has_more: boolean;
        };
        PersonalDataExportResponse: {
            email: string;
            leads: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                agent_id: string;
                conversation_id: string | null;
                email: string;
                name: string | null;
                phone: string | null;
                consent: {
                    [key: string]: unknown;
                };
                fields: {
                    [key: string]: unknown;
                };
                /** Format: date-time */
                created_at: string;
            }[];
            conversations: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                agent_id: string;
                /** Format: date-time */
                created_at: string;
                messages: {
                    /** @enum {string} */
                    role: "user" | "assistant" | "team";
                    content: string;
                    /** Format: date-time */
                    created_at: string;
                }[];
            }[];
        };
        PersonalDataErasureResponse: {
            email: string;
            leads_removed: number;
            conversations_removed: number;
            messages_removed: number;
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        Readiness: {
            /** @constant */
            status: "ok";
            checks: {
                [key: string]: "ok";
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    widgetInit: {
        parameters: {
            query?: never;
            header: {
                /** @description The page's origin; it must be one of the agent's allowed origins */
                origin: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InitRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InitResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HeldResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not ready, or a model provider failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetMessageStream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageRequest"];
            };
        };
        responses: {
            /** @description An event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetHandoff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HandoffRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HandoffResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetUpdatesStream: {
        parameters: {
            query?: {
                after?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetUpdates: {
        parameters: {
            query?: {
                after?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatesResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetLead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedbackResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    widgetCouponApply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponApplyRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponApplyResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The store site did not answer or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    handshake: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HandshakeRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HandshakeResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postsSync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostsSyncRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    productsSync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductsSyncRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    documentHashes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentHashesRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentHashesResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    personalDataExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonalDataRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalDataExportResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    personalDataErase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PersonalDataRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalDataErasureResponse"];
                };
            };
            /** @description Invalid request (`validation_failed`, or a more specific code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited (`rate_limited`, with Retry-After) or budget exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not ready, or a model provider failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Internal error (details are only in the service log) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
