import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canCreateMoves, MOVE_MESSAGES } from "~/domain/moves";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors, ServiceError } from "~/services/errors.server";
import { availableTrailers, moveAccount } from "~/services/moves.server";
import { methodNotAllowed } from "~/lib/api.server";

/**
 * `GET /api/moves/available-trailers?location=&account_id=&exclude_red_tagged=`: the trailers at a
 * location that a new move may take (none in a requested or in-progress move), by number.
 * Optional `q` narrows by trailer number.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  return answerServiceErrors(async () => {
    if (!canCreateMoves(actor.user)) throw new ServiceError(403, MOVE_MESSAGES.createDenied);
    const accountId = moveAccount(actor, Number(params.get("account_id")) || undefined);
    const trailers = await availableTrailers(context.db(), accountId, {
      location: params.get("location") ?? "",
      excludeRedTagged: params.get("exclude_red_tagged") === "true",
      search: params.get("q") ?? undefined,
    });
    return Response.json(trailers);
  });
}

export function action() {
  return methodNotAllowed();
}
