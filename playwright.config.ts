import { defineConfig, devices } from "@playwright/test";
import { E2E_PG_PORT, E2E_PORT } from "#tests/e2e/server-address";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // Chooses the seed of the fuzz and the hostile files (FUZZ_SEED: fixed locally, drawn on CI) and prints it.
  globalSetup: "./tests/e2e/seed.ts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /fuzz\.spec\.ts$/ },
    // The fuzz writes whatever it is allowed to into the shared database: it runs after every other spec.
    { name: "fuzz", testMatch: /fuzz\.spec\.ts$/, dependencies: ["chromium"] },
  ],
  // --faults: a test may make the server fail its writes on purpose (app/lib/faults.server.ts); no other server allows it.
  webServer: {
    command: `npx tsx scripts/start.ts --port=${E2E_PORT} --pg-port=${E2E_PG_PORT} --data-dir=.data/postgres-e2e --fresh --throwaway-db --skip-build --faults`,
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: { SEED_PASSWORD: "Yardline#2025" },
  },
});
