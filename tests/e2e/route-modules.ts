import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROUTES = "app/routes";

/** A route module of app/routes: its name (the file without its extension, or its folder) and source. */
export interface RouteModule {
  name: string;
  source: string;
}

/** A route module's source (a file, or a folder's route file). */
function moduleSource(entry: string): string {
  const path = join(ROUTES, entry);
  if (!existsSync(join(path, "route.ts")) && !existsSync(join(path, "route.tsx"))) return readFileSync(path, "utf8");
  return readFileSync(existsSync(join(path, "route.ts")) ? join(path, "route.ts") : join(path, "route.tsx"), "utf8");
}

/** Every route module of app/routes (not its unit tests). */
export function routeModules(): RouteModule[] {
  return readdirSync(ROUTES)
    .filter((entry) => !/\.test\.tsx?$/.test(entry))
    .map((entry) => ({ name: entry.replace(/\.tsx?$/, ""), source: moduleSource(entry) }));
}

/** Whether a route module's source exports `name` (`loader`, `action`, …). */
export function exports(module: RouteModule, name: string): boolean {
  return new RegExp(`export (const|async function|function) ${name}\\b`).test(module.source);
}
