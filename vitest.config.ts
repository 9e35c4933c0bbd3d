import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/engine', 'apps/server', 'apps/web'],
    reporters: ['default', ['json', { outputFile: 'test-results/unit.json' }]],
  },
});
