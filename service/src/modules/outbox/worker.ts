import type { AppDeps } from '../../app-deps.js';
import { handoffWebhookDelivery, HANDOFF_WEBHOOK_KIND } from '../conversations/handoff-webhook.js';
import { leadDelivery, markLeadFailed } from '../leads/delivery.js';
import { createOutboxWorker } from './outbox.js';

/** The service's outbox worker with every delivery kind it knows. */
export function serviceOutboxWorker(deps: AppDeps, options: { intervalMs?: number } = {}) {
  return createOutboxWorker(
    deps.db,
    {
      'lead.upsert': leadDelivery(deps.db, deps.sitePolicy),
      [HANDOFF_WEBHOOK_KIND]: handoffWebhookDelivery(deps.db, deps.sitePolicy, deps.config.publicBaseUrl),
    },
    { log: deps.log, ...options, onFailure: (row) => markLeadFailed(deps.db, row) },
  );
}
