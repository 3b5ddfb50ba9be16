import { useState } from "react";
import { AssetFields, useShopLocation } from "./asset-fields";
import { AssetFormPage, useAssetForm, type AssetFormProps } from "./asset-form";
import { InputField, uppercaseOnInput } from "#app/components/ui/field";
import { TRAILER_TYPES } from "#app/domain/assets";
import { NO_MATCH } from "#app/domain/choices";
import { trailerSchema, trailerUpdateSchema, type LoadType, type UserHistoryEntry } from "#app/domain/trailers";
import { AssignmentHistory } from "./assignment-history";

/** The fields whose errors the summary lists, in the order of the form. */
const FIELD_ORDER = [
  "account_id",
  "trailer_number",
  "company_owner",
  "trailer_location",
  "type",
  "license_state",
  "license_plate",
  "load_number",
  "tray_count",
  "tagged_description",
] as const;

const LOAD_CHOICES: { value: LoadType; label: string }[] = [
  { value: "loaded", label: "Loaded" },
  { value: "tray", label: "Tray" },
  { value: "empty", label: "Empty" },
];

/**
 * Add New Trailer and Update Trailer (`update`: license state and type may stay blank). Location,
 * type, license state and assignee are pickers (`ComboboxField`); choosing the Shop location ticks Shop and ticking Shop
 * moves the trailer to the Shop; the load type is one of Loaded, Tray, Empty.
 */
export function TrailerForm({
  defaultValue,
  choices,
  lastResult,
  update = false,
  assignments,
  ...page
}: AssetFormProps<typeof trailerSchema> & {
  update?: boolean;
  /** Update Trailer: the trailer's User Assignment History, under Assign User. */
  assignments?: UserHistoryEntry[];
}) {
  const { locations, users, accounts } = choices;
  const [form, fields] = useAssetForm(update ? trailerUpdateSchema : trailerSchema, { lastResult, defaultValue });
  const place = useShopLocation({ location: fields.trailer_location.initialValue, inShop: fields.in_shop.initialValue });
  const [loadType, setLoadType] = useState(fields.load_type.initialValue ?? "empty");

  return (
    <AssetFormPage {...page} form={form} errors={FIELD_ORDER.map((name) => fields[name].errors)}>
      {accounts ? <AssetFields.Account field={fields.account_id} accounts={accounts} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Trailer Number" field={fields.trailer_number} onInput={uppercaseOnInput} />
        <InputField label="Owner" field={fields.company_owner} onInput={uppercaseOnInput} />
        <AssetFields.Location
          field={fields.trailer_location}
          locations={locations}
          value={place.location}
          onChange={place.chooseLocation}
        />
        <AssetFields.Type field={fields.type} types={TRAILER_TYPES} emptyText={NO_MATCH.results} />
        <AssetFields.LicenseState field={fields.license_state} />
        <InputField label="License Plate" field={fields.license_plate} onInput={uppercaseOnInput} />
      </div>

      <AssetFields.Choice legend="Load Type" name={fields.load_type.name} choices={LOAD_CHOICES} value={loadType} onChange={setLoadType} />
      {loadType === "loaded" ? <InputField label="Load Number" field={fields.load_number} /> : null}
      {loadType === "tray" ? <InputField label="Tray Count" field={fields.tray_count} type="number" min={1} /> : null}
      {loadType === "empty" ? <p className="text-sm text-slate-600">Status: Empty</p> : null}

      <AssetFields.Tags legend="Tags" fields={fields} shop={place} />
      <InputField label="Tagged Description" field={fields.tagged_description} />

      <AssetFields.Assignee label="Assign User" field={fields.assigned_user} users={users} />
      {assignments ? <AssignmentHistory entries={assignments} heading="h3" /> : null}

      <AssetFields.ServiceDates fields={fields} />
    </AssetFormPage>
  );
}
