import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { listYards, publicYard } from "~/services/places.server";
import { requireAccount } from "~/services/scope.server";
import { methodNotAllowed } from "~/lib/api.server";

/** `GET /api/yards/` (admins name the account with `account_id`; everyone else gets their own). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const requested = Number(new URL(request.url).searchParams.get("account_id")) || undefined;
  return answerServiceErrors(async () => {
    const rows = await listYards(context.db(), requireAccount(actor, requested));
    return Response.json(rows.map(publicYard));
  });
}

export function action() {
  return methodNotAllowed();
}
