import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No module of the project imports itself through others: the Worker entry, the load context,
 * the realtime code and the room, the root and its header included. Imports are read with
 * TypeScript's own pre-processor, type-only ones too (a circle of types is still a circle a
 * reader has to untangle).
 */
const ROOT = resolve(__dirname, "../..");
const SKIPPED = new Set(["node_modules", "build", ".cache", ".data", ".wrangler", ".git", "test-results", "playwright-report", "public"]);

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (SKIPPED.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (/\.tsx?$/.test(entry) && !entry.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

/** The project file an import names (`#app/…` is `app/…`), or null for a package. */
function importedFile(from: string, specifier: string): string | null {
  const base = specifier.startsWith("#")
    ? join(ROOT, specifier.slice(1))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "route.ts"), join(base, "route.tsx")];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, "utf8"), true, true)
        .importedFiles.map((imported) => importedFile(file, imported.fileName))
        .filter((path): path is string => path !== null),
    ]),
  );
}

/** The groups of modules that import one another in a circle (Tarjan's strongly connected components). */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (module: string) => {
    order.set(module, counter);
    lowest.set(module, counter++);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(module, Math.min(lowest.get(module)!, lowest.get(next)!));
      } else if (onStack.has(next)) lowest.set(module, Math.min(lowest.get(module)!, order.get(next)!));
    }
    if (lowest.get(module) !== order.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1 || (graph.get(module) ?? []).includes(module)) circles.push(group.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return circles;
}

describe("imports", () => {
  it("form no circle anywhere in the project", () => {
    const graph = importGraph(sourceFiles(ROOT));
    // The graph is read, not empty: the Worker entry reaches the room and the app's Env.
    expect(graph.get(join(ROOT, "server.ts"))).toEqual(
      expect.arrayContaining([join(ROOT, "party/account-room.ts"), join(ROOT, "app/env.ts")]),
    );
    const circles = importCircles(graph).map((group) => group.map((file) => relative(ROOT, file)));
    expect(circles).toEqual([]);
  });

  it("a circle is found, however long", () => {
    const graph = new Map([
      ["server.ts", ["load-context.ts"]],
      ["load-context.ts", ["realtime.ts"]],
      ["realtime.ts", ["room.ts", "domain.ts"]],
      ["room.ts", ["load-context.ts"]],
      ["domain.ts", []],
    ]);
    expect(importCircles(graph)).toEqual([["load-context.ts", "realtime.ts", "room.ts"]]);
    expect(importCircles(new Map([["a.ts", ["a.ts"]]]))).toEqual([["a.ts"]]);
    expect(
      importCircles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });
});
