import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { adminSnapshot } from "~/services/companies.server";
import { answerServiceErrors } from "~/services/errors.server";
import { methodNotAllowed } from "~/lib/api.server";

/** `GET /api/admin/` (admins): companies, accounts, users, trucks, trailers, buildings, yards. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context, { adminOnly: true });
  return answerServiceErrors(async () => Response.json(await adminSnapshot(context.db(), actor)));
}

export function action() {
  return methodNotAllowed();
}
