import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { companiesTestInfo } from "~/services/companies.server";

/** `GET /api/companies/test`: count, sample, complete_data, current_user, is_admin. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return Response.json(await companiesTestInfo(context.db(), actor));
}
