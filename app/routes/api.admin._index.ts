import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { adminSnapshot } from "~/services/companies.server";

/** `GET /api/admin/` (admins): companies, accounts, users, trucks, trailers, buildings, yards. */
export async function loader({ context }: LoaderFunctionArgs) {
  await requireApi(context, { adminOnly: true });
  return Response.json(await adminSnapshot(context.db()));
}
