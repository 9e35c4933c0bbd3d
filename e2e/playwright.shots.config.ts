import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Screenshots for a person to look at, not tests: the *.shots.ts flows against the same server set-up, run by
 * `npm run screenshots` (SCREENSHOTS=1 also makes some browser tests photograph their pages as they pass).
 */
export default defineConfig({ ...base, testMatch: '**/*.shots.ts', timeout: 180_000 });
