// Prints one closing line for the whole run from the unit and browser reports: "N passed, N failed, N skipped".
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

const unit = read('test-results/unit.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
}
const e2e = read('test-results/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky;
  skipped += e2e.stats.skipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
