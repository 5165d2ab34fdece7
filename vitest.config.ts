import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The client's tests run its source; `npm ci` builds dist/ for everyone else (the README snippets' test
    // rebuilds it first).
    alias: {
      '@cutplan/client': fileURLToPath(new URL('./clients/typescript/src/index.ts', import.meta.url)),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/setup/node-major.ts'],
    projects: [
      {
        extends: true,
        test: {
          // The pure core (no I/O, no environment, no globals: Biome's core rules): one module graph per
          // worker, not a fresh process and graph per file. Isolated, the fork start, the imports and the
          // cold JIT of every file cost 537 s against 293 s shared for the same files (docs in
          // CONTRIBUTING.md, "Keeping the suite fast").
          name: 'core',
          include: ['core/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Servers, the embedded DynamoDB, environment variables, child processes: each file alone.
          name: 'service',
          include: [
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'test/**/*.test.ts',
            'bench/**/*.test.ts',
            'web/**/*.test.ts',
            'clients/*.test.ts',
          ],
        },
      },
    ],
  },
});
