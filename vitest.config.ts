import { defineConfig } from 'vitest/config';

export default defineConfig({
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
