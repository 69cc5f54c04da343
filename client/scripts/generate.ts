// npm run generate -w client: rewrites client/src/openapi.ts from the service's current routes.

import { writeFile } from 'node:fs/promises';
import { GENERATED_FILE, renderTypes, serviceDocument } from './openapi-types.js';

await writeFile(GENERATED_FILE, await renderTypes(await serviceDocument()));
process.stdout.write(`wrote ${GENERATED_FILE}\n`);
