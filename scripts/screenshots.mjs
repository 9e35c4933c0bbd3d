// `npm run screenshots`: builds the web app and photographs its pages (e2e/*.shots.ts), with a Chromium and CJK fonts.
import { chromiumPath, ensureCjkFonts } from './browser.mjs';
import { runSteps } from './steps.mjs';

const env = { ...process.env, CHROMIUM_PATH: chromiumPath() };
ensureCjkFonts();
runSteps(
  [
    ['build', 'npm run build -w apps/web'],
    ['screenshots', 'npm run screenshots -w e2e'],
  ],
  env,
);
