import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Files of the shared folders that start processes of their own (a fresh-process timing, bundle builds). */
const ALONE = ['bench/cold-start.test.ts', 'bench/sdk-shipping.test.ts'];

export default defineConfig({
  resolve: {
    // The client's tests run its source; `npm ci` builds dist/ for everyone else (the README snippets' test
    // rebuilds it first).
    alias: {
      '@cutplan/client': fileURLToPath(new URL('./clients/typescript/src/index.ts', import.meta.url)),
    },
  },
  test: {
    // Two files at once on CI's two cores: vitest's default in `run` is one fewer worker than cores, so
    // the suite ran one file at a time and the cores idled while a file waited on a server, Python or a
    // child process (a fresh-clone run: never two files at once, 354 s of 1,007 s with none running).
    maxWorkers: 2,
    // Limits for a loaded machine, not assertions: two workers share the cores, so a solver test alone
    // at 15 s (the angle pricing's demand property) may take twice that.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/setup/node-major.ts'],
    projects: [
      {
        extends: true,
        test: {
          // Files with no server, table, environment or process of their own: one module graph per worker,
          // not a fresh process and graph per file. Isolated, the fork start, the imports and the cold JIT
          // of every file cost 537 s against 293 s shared for the core files alone (CONTRIBUTING.md,
          // "Keeping the suite fast"). core/ is pure by Biome's rules; the other folders were checked
          // (no env, spies, servers or child processes) and pass together.
          name: 'shared',
          include: [
            'core/**/*.test.ts',
            'web/**/*.test.ts',
            'bench/**/*.test.ts',
            'functions/shared/http/**/*.test.ts',
            'functions/shared/mcp/**/*.test.ts',
            'functions/shared/openapi/**/*.test.ts',
          ],
          exclude: [...ALONE, '**/node_modules/**'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Servers, the embedded DynamoDB, environment variables, spies, child processes: each file alone.
          name: 'isolated',
          include: [
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'test/**/*.test.ts',
            'clients/*.test.ts',
            ...ALONE,
          ],
          exclude: [
            'functions/shared/http/**',
            'functions/shared/mcp/**',
            'functions/shared/openapi/**',
            '**/node_modules/**',
          ],
        },
      },
    ],
  },
});
