// Prints one closing line over the Vitest and Playwright JSON reports: "N passed, N failed".
import { readFileSync } from "node:fs";

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestFile, "utf8"));
const playwright = JSON.parse(readFileSync(playwrightFile, "utf8"));

const passed = vitest.numPassedTests + playwright.stats.expected;
const failed = vitest.numFailedTests + playwright.stats.unexpected + playwright.stats.flaky;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`vitest ${vitest.numPassedTests} passed, playwright ${playwright.stats.expected} passed`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
