import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { closeSessionSockets } from "~/lib/realtime.server";
import { roleFromFlags } from "~/domain/users";
import { answerServiceErrors } from "~/services/errors.server";
import { deactivateUser, getVisibleUser, publicUser, updateUser } from "~/services/users.server";

/** `GET /api/users/{id}`: a user the caller may see, else 404 "User not found". */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => {
    const user = await getVisibleUser(context.db(), actor, Number(params.id));
    return Response.json({ user: publicUser(user) });
  });
}

/** `PUT /api/users/{id}` updates; `DELETE /api/users/{id}` deactivates and ends the user's sessions. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireApi(context);
  const id = Number(params.id);
  const db = context.db();
  return answerServiceErrors(async () => {
    if (request.method === "PUT") {
      const body = (await readJson(request)) as Record<string, unknown>;
      const user = await updateUser(db, actor, id, {
        ...body,
        role: body.role ?? roleFromFlags(body),
        confirm_password: body.confirm_password ?? body.password,
      });
      return Response.json({ user: publicUser(user) });
    }
    if (request.method === "DELETE") {
      const { user, endedSessions } = await deactivateUser(db, actor, id);
      const { env, ctx } = context.cloudflare;
      for (const sessionId of endedSessions) {
        ctx.waitUntil(closeSessionSockets(env, sessionId, user, "deactivated").catch(() => {}));
      }
      return Response.json({ user: publicUser(user) });
    }
    return methodNotAllowed();
  });
}
