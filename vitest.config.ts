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
    include: [
      'core/**/*.test.ts',
      'functions/**/*.test.ts',
      'infra/**/*.test.ts',
      'test/**/*.test.ts',
      'bench/**/*.test.ts',
      'web/**/*.test.ts',
      'clients/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/setup/node-major.ts'],
  },
});
