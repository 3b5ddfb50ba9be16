import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { createAccount, listAccounts } from "~/services/accounts.server";
import { answerServiceErrors } from "~/services/errors.server";

/** `GET /api/accounts/` (admins: every account, or one company's with `?company_id=`; others their own). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const companyId = new URL(request.url).searchParams.get("company_id");
  return Response.json(await listAccounts(context.db(), actor, companyId ? Number(companyId) : undefined));
}

/** `POST /api/accounts/` {account_name, location, yard_count, building_count, company_id} (admins). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = await readJson(request);
  return answerServiceErrors(async () => Response.json(await createAccount(context.db(), actor, body), { status: 201 }));
}
