import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PLACE_PAGES, PLACE_SCHEMAS, type PlaceDetailView, type PlaceFormView, type PlaceKind } from "../domain/places";
import { canDeleteAsset, canEditAssets, canReadAuditLog } from "../domain/roles";
import { accountChoices } from "../services/accounts.server";
import {
  createPlace,
  deletePlace,
  getPlace,
  listPlaces,
  publicPlace,
  updatePlace,
  type BuildingRow,
  type PlaceRow,
  type YardRow,
} from "../services/places.server";
import { apiRoute, pageRoute, refusalOf, replyTo } from "./answers.server";
import { readJson } from "./api.server";
import { requireApi, requirePage } from "./guards.server";

/**
 * The loaders and actions of the building and yard pages and endpoints. The two kinds differ
 * only in their words and fields (PLACE_PAGES, PLACE_SCHEMAS, the functions below), so each route
 * file names its kind and takes these.
 */

const when = (date: Date) => date.toLocaleString("en-US");

function detailOf<K extends PlaceKind>(kind: K, place: PlaceRow<K>): Pick<PlaceDetailView, "title" | "rows"> {
  if (kind === "building") {
    const building = place as BuildingRow;
    return {
      title: `Building ${building.buildingName}`,
      rows: [
        ["Name", building.buildingName],
        ["Doors", String(building.buildingDoorNumber)],
        ["Created", when(building.createdAt)],
        ["Updated", when(building.updatedAt)],
      ],
    };
  }
  const yard = place as YardRow;
  return {
    title: yard.name,
    rows: [
      ["Name", yard.name],
      ["Location", yard.parkingLocation ?? "—"],
      ["Parking Spots", yard.parkingSpots ? "Yes" : "No"],
      ["Created", when(yard.createdAt)],
      ["Updated", when(yard.updatedAt)],
    ],
  };
}

function formValuesOf<K extends PlaceKind>(kind: K, place: PlaceRow<K>): Record<string, string> {
  if (kind === "building") {
    const building = place as BuildingRow;
    return { building_name: building.buildingName, building_door_number: String(building.buildingDoorNumber) };
  }
  const yard = place as YardRow;
  return { name: yard.name, parking_location: yard.parkingLocation ?? "", parking_spots: yard.parkingSpots ? "on" : "" };
}

/** `/{kind}s/{id}`: the place's fields, and whether the viewer may update or delete it. */
export function placeDetailLoader(kind: PlaceKind) {
  return pageRoute(async ({ request, params, context }: LoaderFunctionArgs): Promise<PlaceDetailView> => {
    const { ctx, user } = await requirePage(request, context);
    const place = await getPlace(ctx, kind, Number(params.id));
    return {
      id: place.id,
      ...detailOf(kind, place),
      can: { edit: canEditAssets(user), delete: canDeleteAsset(user, place.accountId), history: canReadAuditLog(user) },
    };
  });
}

/** Delete on the detail page: back to the dashboard's tab, or the refusal listed on the page. */
export function placeDeleteAction(kind: PlaceKind) {
  return async ({ request, params, context }: ActionFunctionArgs) => {
    const { ctx } = await requirePage(request, context);
    return refusalOf(async () => {
      await deletePlace(ctx, kind, Number(params.id));
      return redirect(PLACE_PAGES[kind].afterDelete);
    });
  };
}

/** `/{kind}s/new`: an admin chooses the account (preselected by `?account=`). */
export function placeAddLoader() {
  return pageRoute(async ({ request, context }: LoaderFunctionArgs): Promise<PlaceFormView> => {
    const { ctx } = await requirePage(request, context);
    const accounts = await accountChoices(ctx);
    return { mode: "add", defaultValue: { account_id: new URL(request.url).searchParams.get("account") ?? "" }, accounts, cancelTo: "/" };
  });
}

/** `/{kind}s/{id}/edit`: the form filled with the place as it is. */
export function placeUpdateLoader(kind: PlaceKind) {
  return pageRoute(async ({ request, params, context }: LoaderFunctionArgs): Promise<PlaceFormView> => {
    const { ctx } = await requirePage(request, context);
    const place = await getPlace(ctx, kind, Number(params.id));
    return { mode: "update", defaultValue: formValuesOf(kind, place), accounts: null, cancelTo: `${PLACE_PAGES[kind].path}/${place.id}` };
  });
}

/** The form's action: adds the place (then the dashboard) or updates it (then its page); a refusal lands on its field. */
export function placeSaveAction(kind: PlaceKind) {
  return async ({ request, params, context }: ActionFunctionArgs) => {
    const { ctx } = await requirePage(request, context);
    const submission = parseWithZod(await request.formData(), { schema: PLACE_SCHEMAS[kind] });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    return replyTo(submission, async () => {
      if (params.id === undefined) {
        await createPlace(ctx, kind, submission.value);
        return redirect("/");
      }
      const place = await updatePlace(ctx, kind, Number(params.id), submission.value);
      return redirect(`${PLACE_PAGES[kind].path}/${place.id}`);
    });
  };
}

/** `GET /api/{kind}s/`: the account's places (admins name the account with `account_id`). */
export function placeListApi(kind: PlaceKind) {
  return apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
    const { ctx } = await requireApi(context);
    const rows = await listPlaces(ctx, kind, { account: new URL(request.url).searchParams.get("account_id") });
    return Response.json(rows.map((row) => publicPlace(kind, row)));
  });
}

/** `POST /api/{kind}s/new`. */
export function placeCreateApi(kind: PlaceKind) {
  return apiRoute(async ({ request, context }: ActionFunctionArgs) => {
    const { ctx } = await requireApi(context);
    return Response.json(publicPlace(kind, await createPlace(ctx, kind, await readJson(request))), { status: 201 });
  });
}

/** `GET /api/{kind}s/{id}`. */
export function placeReadApi(kind: PlaceKind) {
  return apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
    const { ctx } = await requireApi(context);
    return Response.json(publicPlace(kind, await getPlace(ctx, kind, Number(params.id))));
  });
}

/** `PUT /api/{kind}s/{id}` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export function placeChangeApi(kind: PlaceKind) {
  return apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
    const { ctx } = await requireApi(context);
    const id = Number(params.id);
    if (request.method === "DELETE") return Response.json(publicPlace(kind, await deletePlace(ctx, kind, id)));
    return Response.json(publicPlace(kind, await updatePlace(ctx, kind, id, await readJson(request), { keepOmitted: true })));
  });
}
