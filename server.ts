import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build; it exists after `npm run build`.
// @ts-ignore: build/server is generated
import * as build from "./build/server";
import { handleRoomRequest } from "./app/lib/realtime.server";
import { getLoadContext, type Env } from "./load-context";

export { AccountRoom } from "./party/account-room";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (new URL(request.url).pathname.startsWith("/parties/")) {
      return handleRoomRequest(request, env);
    }
    const { context, release } = getLoadContext(env, ctx);
    try {
      return await handleRemixRequest(request, context);
    } finally {
      ctx.waitUntil(release());
    }
  },
} satisfies ExportedHandler<Env>;
