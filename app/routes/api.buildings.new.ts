import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { createBuilding, publicBuilding } from "~/services/places.server";

/** `POST /api/buildings/new`. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = await readJson(request);
  return answerServiceErrors(async () => Response.json(publicBuilding(await createBuilding(context.db(), actor, body)), { status: 201 }));
}

export function loader() {
  return methodNotAllowed();
}
