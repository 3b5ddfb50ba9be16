import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rules that hold the house's shape (eslint.config.js), tried on imports written for the
 * purpose: each must be refused where it climbs a floor or breaks the one import style, and
 * allowed where it does not.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("import rules", () => {
  it.each([
    ["app/domain/example.ts", 'import { db } from "#app/lib/db.server";', /floors above it/],
    ["app/domain/example.ts", 'import { x } from "./example.server";', /imports no \.server module/],
    ["app/lib/example.server.ts", 'import { x } from "#app/services/moves.server";', /floors above it/],
    ["app/services/example.server.ts", 'import { x } from "#app/http/api.server";', /floors above it/],
    ["app/http/example.server.ts", 'import { x } from "#app/routes/_index";', /floors above it/],
    ["app/browser/example.ts", 'import { x } from "#app/services/moves.server";', /floors above it/],
    ["app/services/example.server.ts", 'import { x } from "../lib/db.server";', /Name a module of another folder from the root/],
    ["tests/integration/example.test.ts", 'import { x } from "../../app/lib/db.server";', /Name a module of another folder from the root/],
    ["scripts/example.ts", 'import { x } from "~/lib/db.server";', /Name a module of another folder from the root/],
  ])("%s may not write %s", async (file, code, reason) => {
    const found = await refusals(file, code);
    expect(
      found.some((message) => reason.test(message)),
      found.join("\n"),
    ).toBe(true);
  });

  it.each([
    ["app/services/example.server.ts", 'import { x } from "#app/lib/db.server";\nimport { y } from "./context.server";'],
    ["app/http/example.server.ts", 'import { x } from "#app/services/moves.server";'],
    ["app/routes/example.tsx", 'import { x } from "#app/http/answers.server";\nimport { y } from "#app/components/ui/table";'],
    [
      "tests/integration/example.test.ts",
      'import { x } from "#app/lib/db.server";\nimport { y } from "#db/schema";\nimport { z } from "./fixtures";',
    ],
  ])("%s may write what its floor allows", async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
