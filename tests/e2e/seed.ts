import { createHash } from "node:crypto";
import { escapeRegExp } from "./regexp";

/**
 * The seed of the run's generated input: the fuzz's requests (`fuzz.spec.ts`) and the hostile
 * upload files (`hostile-files.spec.ts`). `FUZZ_SEED=<n>` replays a run. Without it a local run
 * uses the fixed seed, so it is the same run every time; on CI (`CI` set, as Playwright reads it)
 * the seed is the day's (UTC), so the suite explores new input every day while every run of one
 * day, and a rerun of a failed one, meets the same input. Either way the run prints the seed at its
 * start, and every failure of a seeded test names it.
 */
export const FIXED_FUZZ_SEED = 20_250_211;

/**
 * Playwright's global setup: it runs once, in the runner, before any worker starts. The seed is
 * chosen here and handed to the workers through `FUZZ_SEED` (they inherit the runner's
 * environment), so every worker of the run, and a worker restarted after a failure, uses the same.
 */
export default function chooseFuzzSeed() {
  const given = process.env.FUZZ_SEED;
  if (!given) process.env.FUZZ_SEED = String(process.env.CI ? seedOfDay(new Date()) : FIXED_FUZZ_SEED);
  const seed = fuzzSeed();
  const origin = given ? "given" : process.env.CI ? "the seed of the day on CI" : "the fixed local default";
  console.log(`[e2e] FUZZ_SEED=${seed} (${origin}); replay a run with FUZZ_SEED=${seed}`);
}

/** The CI seed of a day: a hash of its UTC date, from 1 to 2^31 − 1. */
export function seedOfDay(day: Date): number {
  const digest = createHash("sha256").update(day.toISOString().slice(0, 10)).digest();
  return (digest.readUInt32BE(0) % (2 ** 31 - 1)) + 1;
}

/** The run's seed (see `chooseFuzzSeed`). */
export function fuzzSeed(): number {
  const seed = Number(process.env.FUZZ_SEED ?? FIXED_FUZZ_SEED);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED=${process.env.FUZZ_SEED} is not an integer`);
  return seed;
}

/** What a seeded test's failure says: the seed, and the command that runs the test again on the same input. */
export function replayHint(spec: string, title?: string, env: Record<string, string | number> = {}): string {
  const variables = Object.entries({ FUZZ_SEED: fuzzSeed(), ...env }).map(([name, value]) => `${name}=${value}`);
  const grep = title ? ` -g '${escapeRegExp(title)}'` : "";
  // --no-deps: the fuzz's project waits for every other spec's, which a replay does not need.
  return `seed ${fuzzSeed()}; replay: ${variables.join(" ")} npx playwright test ${spec}${grep} --no-deps`;
}
