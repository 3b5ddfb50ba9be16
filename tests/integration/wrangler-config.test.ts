import { fileURLToPath } from "node:url";
import { experimental_readRawConfig, unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";

/**
 * Who the client is, as each environment of wrangler.toml says, read the way `wrangler deploy` and
 * `wrangler dev` read it. Deployed, Cloudflare sets CF-Connecting-IP itself, so sign-in throttling
 * must trust it there (else five wrong passwords lock the owner out of every new browser); under
 * `wrangler dev` (the top-level environment: `npm start`, the end-to-end server) any client could
 * write it, so it must not.
 */
const CONFIG = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));
const deployedEnvironments = Object.keys(experimental_readRawConfig({ config: CONFIG }).rawConfig.env ?? {});
const varsOf = (env?: string) => unstable_readConfig({ config: CONFIG, env }, { hideWarnings: true }).vars;

describe("wrangler.toml", () => {
  it("has the deployments per region", () => {
    expect(deployedEnvironments).toEqual(expect.arrayContaining(["us", "eu"]));
  });

  it.each(deployedEnvironments)("the deployed environment %s trusts CF-Connecting-IP (TRUST_CF_CONNECTING_IP = 1)", (env) => {
    expect(varsOf(env).TRUST_CF_CONNECTING_IP).toBe("1");
  });

  it("wrangler dev (the top-level environment) does not trust CF-Connecting-IP", () => {
    expect(varsOf()).not.toHaveProperty("TRUST_CF_CONNECTING_IP");
  });

  // The fault switch (app/lib/faults.server.ts) is for the end-to-end server only: `scripts/start.ts --faults` sets it.
  it.each([undefined, ...deployedEnvironments])("no environment allows faults (YARDLINE_FAULTS), here %s", (env) => {
    expect(varsOf(env)).not.toHaveProperty("YARDLINE_FAULTS");
  });
});
