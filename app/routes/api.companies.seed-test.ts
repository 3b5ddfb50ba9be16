import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { seedTestCompany } from "~/services/companies.server";
import { answerServiceErrors } from "~/services/errors.server";

/** `POST /api/companies/seed-test` (admins): a test company with one account. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => Response.json(await seedTestCompany(context.db(), actor), { status: 201 }));
}

export function loader() {
  return methodNotAllowed();
}
