import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";
import { methodNotAllowed } from "./api.server";
import type { RouteMethod } from "./route-methods";

type RouteModule = ServerBuild["routes"][string]["module"];

/**
 * The methods a route serves: those its `handle` declares, else GET for a loader or a page and
 * POST for an action; HEAD wherever GET is.
 */
function methodsOf(module: RouteModule): string[] {
  const declared = (module.handle as { methods?: RouteMethod[] } | undefined)?.methods;
  const methods: string[] = declared ?? [...(module.loader || module.default ? ["GET"] : []), ...(module.action ? ["POST"] : [])];
  return methods.includes("GET") ? ["GET", "HEAD", ...methods.filter((method) => method !== "GET")] : methods;
}

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** The app's routes for matching a path, each holding its methods as its `handle`. */
function routeTree(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle: methodsOf(route.module) };
      return route.index ? { ...node, index: true as const } : { ...node, children: routeTree(build, route.id) };
    });
}

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/** The methods the route a path leads to serves (the catch-all routes answer every path). */
export function allowedMethods(build: ServerBuild, pathname: string): string[] {
  if (!trees.has(build)) trees.set(build, routeTree(build));
  const leaf = matchRoutes(trees.get(build)!, pathname)?.at(-1);
  return (leaf?.route.handle as string[] | undefined) ?? [];
}

/**
 * The answer to a request whose method its route does not serve (OPTIONS, TRACE, PUT to a page,
 * GET of a write-only endpoint): 405 with the route's methods in `Allow`, decided before the CSRF
 * check and before Remix, so it is never logged as an error. Null when the route serves it.
 */
export function refuseUnservedMethod(build: ServerBuild, request: Request): Response | null {
  // A page's data request (single fetch: `/trailers/1.data`, `/_root.data` for `/`) goes to the page's route.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const allowed = allowedMethods(build, pathname);
  return allowed.includes(request.method) ? null : methodNotAllowed(allowed);
}
