import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { moveScope, moveSummary } from "~/services/moves.server";
import { methodNotAllowed } from "~/lib/api.server";

/**
 * `GET /api/moves/summary?account_id=&tz=`: what the Move Status panel shows — each state's count
 * (Finished and Cancelled also today's, in the time zone `tz`) and the newest moves of each state.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  return answerServiceErrors(async () =>
    Response.json(await moveSummary(context.db(), moveScope(actor, Number(params.get("account_id")) || undefined), params.get("tz") ?? "UTC")),
  );
}

export function action() {
  return methodNotAllowed();
}
