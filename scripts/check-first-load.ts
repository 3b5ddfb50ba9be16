/**
 * The first-load JavaScript of `/`: the client entry, the root route and the `_index` route with
 * every module they import statically, as Remix's client manifest of the build lists them
 * (`build/client/assets/manifest-*.js`) and as the page's HTML names them (module preloads and the
 * inline module script); code loaded with `import()` (dialogs, the socket) is not counted. Each
 * file is gzip-compressed at level 6, as Cloudflare serves it. `npm run bench:pages` reports the
 * same figure.
 *
 * Run after a build: `npx tsx scripts/check-first-load.ts [build/client]`. Prints the files and the
 * total; exits 1 when the total is over the budget, 120 KiB gzip (120 × 1024 bytes).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

export const FIRST_LOAD_BUDGET = 120 * 1024;
const ROUTES = ["root", "routes/_index"];

interface ManifestModule {
  module: string;
  imports?: string[];
}
interface ClientManifest {
  entry: ManifestModule;
  routes: Record<string, ManifestModule>;
}

export interface FirstLoad {
  files: { name: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

/** The addresses (`/assets/…js`) of the scripts the first load of `/` fetches, from the build's client manifest. */
export function firstLoadScripts(clientDir = "build/client"): string[] {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no client manifest in ${assets}: build first (npx remix vite:build)`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as ClientManifest;
  const names = new Set<string>();
  for (const part of [manifest.entry, ...ROUTES.map((id) => manifest.routes[id])]) {
    if (!part) throw new Error("the client manifest has no entry, root or routes/_index");
    names.add(part.module);
    for (const name of part.imports ?? []) names.add(name);
  }
  return [...names];
}

/** Raw and gzip (level 6) sizes of each first-load script of `/` and their totals, largest first. */
export function measureFirstLoad(clientDir = "build/client"): FirstLoad {
  const files = firstLoadScripts(clientDir).map((name) => {
    const bytes = readFileSync(path.join(clientDir, name));
    return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const load = measureFirstLoad(process.argv[2] ?? "build/client");
  for (const file of load.files) console.log(`  ${kib(file.gzip).padStart(10)} gzip  ${kib(file.raw).padStart(10)} raw  ${file.name}`);
  const passed = load.gzip <= FIRST_LOAD_BUDGET;
  console.log(
    `first-load JavaScript of /: ${load.files.length} files, ${kib(load.raw)} raw, ${kib(load.gzip)} gzip ` +
      `(budget ${kib(FIRST_LOAD_BUDGET)} gzip = ${FIRST_LOAD_BUDGET} bytes): ${passed ? "PASS" : "FAIL"}`,
  );
  if (!passed) process.exit(1);
}
