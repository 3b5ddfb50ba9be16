import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { submitForm } from "./answers.server";
import { LOAD_ACCOUNT } from "#app/domain/assets";
import type { FailedForm } from "#app/domain/failures";
import { assetFormChoices } from "#app/services/asset-forms.server";
import type { ServiceContext } from "#app/services/context.server";

/**
 * The action of Add New Trailer and Add Truck. "Load this account's locations" (an admin without
 * JavaScript) answers with the locations and users of the account chosen in the form, and the form
 * as typed, without errors: the page shows them in place of those of its address. Anything else
 * is the form's submission (`submitForm`).
 */
export async function addAssetAction<Schema extends z.ZodType, Result>(
  ctx: ServiceContext,
  request: Request,
  schema: Schema,
  work: (value: z.output<Schema>) => Promise<Result>,
  failed: FailedForm,
) {
  const posted = await request.clone().formData();
  if (posted.get(LOAD_ACCOUNT.name) !== LOAD_ACCOUNT.value) return submitForm(request, schema, work, failed);
  const { initialValue } = parseWithZod(posted, { schema }).reply();
  const choices = await assetFormChoices(ctx, posted.get("account_id"), { accountSelect: true });
  return { accountLoaded: { choices, typed: { initialValue } } };
}
