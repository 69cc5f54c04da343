// Renders client/src/openapi.ts from the OpenAPI document the service serves. Shared by the
// generate script and by the test that fails when the committed file is out of date.

import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../../service/src/app.js';
import { loadConfig } from '../../service/src/config.js';
import { openDatabase } from '../../service/src/db/client.js';

export const GENERATED_FILE = fileURLToPath(new URL('../src/openapi.ts', import.meta.url));

const HEADER = `// Generated from the service's OpenAPI document (GET /openapi.json) by openapi-typescript.
// Do not edit: change the route schemas in service/src, then run \`npm run generate -w client\`.
// client/test/generated.test.ts fails while this file is behind the document.

`;

/** The document as GET /openapi.json serves it, from the real app on a throwaway database. */
export async function serviceDocument(): Promise<OpenAPI3> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  try {
    const config = loadConfig({
      // Fixed values: nothing here reaches the document but the server URL, which the types omit.
      APP_SECRET: 'openapi-types-openapi-types-openapi-types',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      PUBLIC_BASE_URL: 'http://localhost:3000',
    });
    const app = await buildApp({ config, database, logger: false, providerEnv: {} });
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}`);
      return response.json<OpenAPI3>();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export async function renderTypes(document: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document, {
    silent: true,
    // A request property with a default may be left out; the default only describes the service's reading.
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}
