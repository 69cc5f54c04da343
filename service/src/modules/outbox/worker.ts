import type { AppDeps } from '../../app-deps.js';
import { leadDelivery, markLeadFailed } from '../leads/delivery.js';
import { createOutboxWorker } from './outbox.js';

/** The service's outbox worker with every delivery kind it knows. */
export function serviceOutboxWorker(deps: AppDeps, options: { intervalMs?: number } = {}) {
  return createOutboxWorker(
    deps.db,
    { 'lead.upsert': leadDelivery(deps.db, deps.sitePolicy) },
    { log: deps.log, ...options, onFailure: (row) => markLeadFailed(deps.db, row) },
  );
}
