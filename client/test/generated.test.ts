import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, renderTypes, serviceDocument } from '../scripts/openapi-types.js';

describe('client/src/openapi.ts', () => {
  // A route schema changed without regenerating would leave the widget and the tests compiling
  // against a contract the service no longer keeps.
  it("is what the service's current OpenAPI document generates (else: npm run generate -w client)", async () => {
    const committed = await readFile(GENERATED_FILE, 'utf8');
    const fresh = await renderTypes(await serviceDocument());
    expect(committed, 'client/src/openapi.ts is out of date: run `npm run generate -w client`').toBe(fresh);
  }, 120_000);
});
