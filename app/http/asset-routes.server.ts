import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ServiceContext } from "../services/context.server";
import { assetFormChoices } from "../services/asset-forms.server";
import { assigneeValue } from "../services/assignees.server";
import { pageRoute, submitForm } from "./answers.server";
import { requirePage } from "./guards.server";

/**
 * The loaders and actions of the trailer and truck add and update pages: the two kinds differ
 * only in their schema, their service calls and where a save lands, which each route file names.
 */

/** Add New Trailer / Add Truck: the account's locations and users; for an admin, the accounts (`?account=`). */
export function assetAddLoader() {
  return pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
    const { ctx } = await requirePage(request, context);
    return assetFormChoices(ctx, new URL(request.url).searchParams.get("account"), { accountSelect: true });
  });
}

/**
 * Update: the stored asset as the form's values (its assignee as stored, even one since
 * deactivated), with its account's locations and users.
 */
export function assetEditLoader<Row extends { id: number; accountId: number }, Values>(
  get: (ctx: ServiceContext, id: number) => Promise<Row>,
  assignedOf: (row: Row) => number | null,
  formValues: (row: Row, assignee: string) => Values,
) {
  return pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
    const { ctx } = await requirePage(request, context);
    const asset = await get(ctx, Number(params.id));
    const [choices, assignee] = await Promise.all([
      assetFormChoices(ctx, asset.accountId, { accountSelect: false }),
      assigneeValue(ctx, assignedOf(asset)),
    ]);
    return { id: asset.id, values: formValues(asset, assignee), choices };
  });
}

/** The posted form, parsed with the kind's schema, saved; then on to the address `save` answers. */
export function assetSaveAction<Schema extends z.ZodType>(
  schema: Schema,
  save: (ctx: ServiceContext, value: z.output<Schema>, id: number) => Promise<string>,
) {
  return async ({ request, params, context }: ActionFunctionArgs) => {
    const { ctx } = await requirePage(request, context);
    return submitForm(request, schema, async (value) => redirect(await save(ctx, value, Number(params.id))));
  };
}
