import { z } from 'zod';
import { ConfigError } from '../../config.js';

/** The same spellings as the service's other switches (config.ts); anything else is a typo. */
const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']);

/**
 * DEMO: seed and refresh the demo store at start (default on, so that a first `npm start` has
 * something to show); "0" turns it off. Read once at start, like the rest of the configuration.
 */
export function demoEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const parsed = flag.safeParse(env.DEMO ?? '');
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n  DEMO: must be 1 or 0 (got "${env.DEMO}")`);
  return !['0', 'false', 'no', 'off'].includes(parsed.data);
}
