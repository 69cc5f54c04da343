import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { SIGNATURE_HEADER, signatureHeader } from '../../lib/signature.js';
import { AddressRefusedError, policyLookup, resolveAllowedAddresses, type AddressPolicy } from './address-policy.js';

/**
 * Calls from the service to the plugin on a connected site (spec 4.3, contract 2 and 5). Every
 * call goes to the site's registered URL only, is signed with the site's shopper_signing_secret,
 * gives up after 5 seconds, never follows a redirect, and refuses private addresses unless the
 * operator allowed them. Plugin errors come back as the service's own error codes.
 */

export const SITE_TIMEOUT_MS = 5000;
/** Plugin answers are small JSON documents; anything bigger is not one. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const PLUGIN_NAMESPACE = 'wp-json/service/v1/';

export interface SiteTarget {
  siteUrl: string;
  shopperSigningSecret: string;
}

export interface SiteClientOptions extends AddressPolicy {
  timeoutMs?: number;
}

const decimal = z.union([z.string(), z.number()]).transform(String);
const id = z.union([z.string(), z.number()]);

const orderSchema = z.object({
  id,
  number: id.transform(String),
  status: z.string(),
  total: decimal,
  currency: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), total: decimal })),
  tracking_url: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  created_at: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
const ordersResponse = z.object({ orders: z.array(orderSchema) });
/**
 * `pending_confirmation` (plugin double opt-in): no user yet, `user_id` null; the site e-mailed
 * the visitor a link that creates the user. Plugins before it always answer a user.
 */
const leadResponse = z.union([
  z.object({ user_id: z.number(), created: z.boolean(), role: z.enum(['customer', 'subscriber']), pending_confirmation: z.literal(false).optional() }),
  z.object({ user_id: z.null(), created: z.literal(false), role: z.enum(['customer', 'subscriber']), pending_confirmation: z.literal(true) }),
]);
const couponResponse = z.object({ staged: z.literal(true), code: z.string(), expires_in: z.number() });
const pluginErrorEnvelope = z.object({ error: z.object({ code: z.string(), message: z.string().optional() }) });

export type Order = z.infer<typeof orderSchema>;
export type LeadUpsertResult = z.infer<typeof leadResponse>;
export type CouponStaged = z.infer<typeof couponResponse>;

/** Orders are asked for by a verified shopper's user id, or by order number with the email. */
export type OrderLookupQuery = { user_id: number; limit?: number } | { order_number: string; email: string; limit?: number };

export interface LeadUpsert {
  email: string;
  name?: string;
  phone?: string;
  conversation_id: string;
  lead_id: string;
}

export interface CouponStage {
  code: string;
  session_key?: string;
  user_id?: number;
}

export class SiteClient {
  private readonly timeoutMs: number;

  private readonly options: SiteClientOptions;

  constructor(
    private readonly site: SiteTarget,
    options: SiteClientOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? SITE_TIMEOUT_MS;
    const trusted = options.trustedOrigins?.includes(originOf(site.siteUrl)) ?? false;
    this.options = trusted ? { ...options, allowPrivate: true } : options;
  }

  async lookupOrders(query: OrderLookupQuery, signal?: AbortSignal): Promise<Order[]> {
    return (await this.post('orders/lookup', query, ordersResponse, signal)).orders;
  }

  upsertLead(lead: LeadUpsert, signal?: AbortSignal): Promise<LeadUpsertResult> {
    return this.post('leads', lead, leadResponse, signal);
  }

  stageCoupon(request: CouponStage, signal?: AbortSignal): Promise<CouponStaged> {
    return this.post('cart/coupon', request, couponResponse, signal);
  }

  private async post<T>(route: string, payload: unknown, schema: z.ZodType<T, unknown>, callerSignal?: AbortSignal): Promise<T> {
    const url = this.routeUrl(route);
    const body = JSON.stringify(payload);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
    let response: RawResponse;
    try {
      // An IP literal never goes through `lookup`, so the policy is applied to it here.
      if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) await resolveAllowedAddresses(url.hostname, this.options);
      response = await send(url, body, {
        signature: signatureHeader(this.site.shopperSigningSecret, body),
        lookup: policyLookup(this.options),
        signal,
      });
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      throw this.transportError(error, timeout.aborted);
    }
    return interpret(response, schema, route);
  }

  /** Only the registered site URL, with the plugin namespace appended to its path. */
  private routeUrl(route: string): URL {
    const base = new URL(this.site.siteUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new AppError('site_error', 'The registered site URL is not an http(s) URL');
    }
    base.pathname = base.pathname.replace(/\/*$/, '/');
    base.search = '';
    base.hash = '';
    return new URL(PLUGIN_NAMESPACE + route, base);
  }

  private transportError(error: unknown, timedOut: boolean): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof AddressRefusedError) {
      return new AppError('site_unreachable', 'The site address is private or reserved, and private site addresses are not allowed', { cause: error });
    }
    if (timedOut) return new AppError('site_unreachable', `The site did not answer within ${this.timeoutMs / 1000} s`, { cause: error });
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return new AppError('site_unreachable', `The site could not be reached${code ? ` (${code})` : ''}`, { cause: error });
  }
}

export interface RawResponse {
  status: number;
  body: string;
}

/**
 * One signed JSON POST, resolved through `lookup` (the address policy, applied at connection
 * time); a redirect is answered as is, never followed. Also the team's webhook deliveries'.
 */
export function send(
  url: URL,
  body: string,
  options: { signature: string; lookup: ReturnType<typeof policyLookup>; signal: AbortSignal; headers?: Record<string, string> },
): Promise<RawResponse> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'StorefrontAssistant',
          [SIGNATURE_HEADER]: options.signature,
          ...options.headers,
        },
        lookup: options.lookup,
        signal: options.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            response.destroy();
            reject(new AppError('site_error', 'The site answered with an oversized response'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function interpret<T>(response: RawResponse, schema: z.ZodType<T, unknown>, route: string): T {
  const { status } = response;
  if (status >= 300 && status < 400) {
    // Following a redirect would send the signed request somewhere other than the registered site.
    throw new AppError('site_error', `The site answered ${route} with a redirect (${status}), which is not followed`);
  }
  const json = parseJson(response.body);
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    throw new AppError('site_error', `The site answered ${route} with an unexpected body`);
  }
  const envelope = pluginErrorEnvelope.safeParse(json);
  const pluginCode = envelope.success ? envelope.data.error.code : undefined;
  if (pluginCode === 'coupon_not_found') throw new AppError('coupon_invalid', 'The coupon does not exist on the site');
  const detail = pluginCode ? `${status} ${pluginCode}` : String(status);
  throw new AppError('site_error', `The site answered ${route} with an error (${detail})`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
