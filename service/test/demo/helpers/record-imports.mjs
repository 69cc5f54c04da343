// Preloaded into a server process (`node --import`): registers module hooks that append every
// module URL the process resolves to the file named by RECORD_IMPORTS_FILE, so a test can see
// which of the service's modules a start loaded.
import { register } from 'node:module';

register('./record-imports-hooks.mjs', import.meta.url, { data: { file: process.env.RECORD_IMPORTS_FILE } });
