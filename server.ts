import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build; it exists after `npm run build`.
// @ts-ignore: build/server is generated
import * as build from "./build/server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { CSRF_COOKIE, verifyCsrf } from "./app/lib/csrf.server";
import { handleRoomRequest } from "./app/lib/realtime.server";
import { getLoadContext, type Env } from "./load-context";

export { AccountRoom } from "./party/account-room";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/** Sets the CSRF cookie when the page was given a token the browser does not hold yet. */
async function withCsrfCookie(response: Response, context: AppLoadContext): Promise<Response> {
  if (!context.csrfUsed()) return response;
  const { setCookie } = await context.csrf();
  const alreadySet = (response.headers.get("Set-Cookie") ?? "").includes(`${CSRF_COOKIE}=`);
  if (!setCookie || alreadySet) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", setCookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (new URL(request.url).pathname.startsWith("/parties/")) {
      return handleRoomRequest(request, env);
    }
    const { context, release } = getLoadContext(request, env, ctx);
    try {
      const refused = await verifyCsrf(request, context);
      if (refused) return refused;
      const response = await handleRemixRequest(request, context);
      return await withCsrfCookie(response, context);
    } catch (error) {
      console.error(error);
      return Response.json({ error: "An unexpected error occurred. Please try again." }, { status: 500 });
    } finally {
      ctx.waitUntil(release());
    }
  },
} satisfies ExportedHandler<Env>;
