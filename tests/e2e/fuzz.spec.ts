import { expect, test } from "./fixtures";
import { ENDPOINTS, type Endpoint } from "#tests/e2e/fuzz/endpoints";
import { fuzzEndpoint, FUZZ_RUNS, plan, PROFILE, SLOWEST } from "#tests/e2e/fuzz/runner";
import { openWorld, waitForHealth, type World } from "#tests/e2e/fuzz/world";
import { exports, routeModules } from "./route-modules";
import { fuzzSeed, replayHint } from "./seed";

/**
 * Property-based fuzz of every /api endpoint and every form action against the built Worker:
 * arbitrary JSON bodies and field values, query strings and path ids, as each role that reaches
 * the endpoint's validation, as one that does not, and signed out. Every answer comes within a few
 * seconds and below 500, and a refused request leaves every table's row count and the audit log as
 * they were. FUZZ_SEED replays a run (see ./seed.ts: fixed locally, drawn on CI), FUZZ_RUNS scales it, FUZZ_TRACE=file
 * records every answer's status and start, FUZZ_FINDINGS=file
 * records every failing case there instead of stopping at the first.
 */

/**
 * What each route module must have fuzzed: `METHOD route` for /api modules, `FORM route` for pages
 * with an action, `PAGE route` for a loader of its own that hands out files (reports, the upload
 * template: no page component, a `Content-Disposition`).
 */
function requiredCoverage(): string[] {
  const required: string[] = [];
  for (const route of routeModules()) {
    const { name: module, source } = route;
    const exported = (name: string) => exports(route, name);
    if (module.startsWith("api.")) {
      if (exported("loader")) required.push(`GET ${module}`);
      if (exported("action")) {
        const methods = ["POST", "PUT", "DELETE"].filter((method) => source.includes(`"${method}"`));
        required.push(...(methods.length ? methods.map((method) => `${method} ${module}`) : [`WRITE ${module}`]));
      }
    } else {
      if (exported("action")) required.push(`FORM ${module}`);
      if (exported("loader") && !/export default\b/.test(source) && source.includes("Content-Disposition")) required.push(`PAGE ${module}`);
    }
  }
  return required.sort();
}

function covered(endpoint: Endpoint): string[] {
  if (endpoint.page) return [`PAGE ${endpoint.route}`];
  if (endpoint.form) return [`FORM ${endpoint.route}`];
  return endpoint.method === "GET" ? [`GET ${endpoint.route}`] : [`${endpoint.method} ${endpoint.route}`, `WRITE ${endpoint.route}`];
}

const titleOf = (endpoint: Endpoint) => `${endpoint.form ? "form" : endpoint.page ? "page" : "api"} ${endpoint.method} ${endpoint.path}`;

test("the fuzz covers every /api endpoint, every form action and every file download of app/routes", () => {
  const table = new Set(ENDPOINTS.flatMap(covered));
  const missing = requiredCoverage().filter((entry) => !table.has(entry));
  expect(missing, "route modules the fuzz table (tests/e2e/fuzz/endpoints.ts) does not cover").toEqual([]);
  const modules = new Set(routeModules().map((module) => module.name));
  expect(ENDPOINTS.map((endpoint) => endpoint.route).filter((route) => !modules.has(route))).toEqual([]);
  expect(new Set(ENDPOINTS.map(titleOf)).size).toBe(ENDPOINTS.length);
});

test.describe("fuzz", () => {
  let world: World;
  let total = 0;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    world = await openWorld();
  });

  test.afterAll(async () => {
    console.log(
      `[fuzz] seed ${fuzzSeed()}, ${FUZZ_RUNS} runs per endpoint: ${total} cases over ${ENDPOINTS.length} endpoints in this worker`,
      PROFILE,
      SLOWEST.case,
    );
    await world?.restoreSettings();
    await world?.close();
  });

  // A case that wedges the Worker fails its own test, not every later one without saying why.
  test.afterEach(async () => {
    const replay = replayHint("tests/e2e/fuzz.spec.ts", test.info().title, { FUZZ_RUNS });
    expect(await waitForHealth(), `the server answers /healthz again (${replay})`).toBe(true);
  });

  for (const endpoint of ENDPOINTS) {
    const title = titleOf(endpoint);
    const runs = plan(endpoint).reduce((sum, group) => sum + group.runs, 0);
    test(`${title} (${runs} cases)`, async () => {
      test.setTimeout(240_000);
      total += await fuzzEndpoint(world, endpoint, title);
    });
  }
});
