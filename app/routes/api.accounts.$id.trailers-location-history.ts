import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { accountHistory } from "~/services/location-history.server";
import { actingAccount } from "~/services/trailer-records.server";
import { methodNotAllowed } from "~/lib/api.server";

/**
 * `GET /api/accounts/{accountId}/trailers-location-history`: trailer id → its stays of the last 30 days,
 * newest first. A non-admin always gets its own account's.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => {
    const accountId = actingAccount(actor, Number(params.id) || undefined);
    return Response.json(await accountHistory(context.db(), "trailer", accountId));
  });
}

export function action() {
  return methodNotAllowed();
}
