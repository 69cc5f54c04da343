import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['service/test/**/*.test.ts', 'widget/test/**/*.test.ts', 'client/test/**/*.test.ts'],
    // Every suite opens a real database (PGlite takes ~2 s to boot), so allow for it.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores here: more workers only thrash.
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default'],
  },
});
