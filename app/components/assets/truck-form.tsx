import { useState } from "react";
import { AssetFields, useShopLocation } from "./asset-fields";
import { AssetFormPage, useAssetForm, type AssetFormProps } from "./asset-form";
import { digitsOnInput, InputField, uppercaseOnInput } from "#app/components/ui/field";
import { STATUS_LABEL, TRUCK_TYPES } from "#app/domain/assets";
import { NO_MATCH } from "#app/domain/choices";
import { SHOP } from "#app/domain/locations";
import { currentYear, newTruckSchema, TRUCK_STATUSES, truckSchema } from "#app/domain/trucks";

const FIELD_ORDER = [
  "account_id",
  "truck_number",
  "truck_location",
  "license_plate",
  "license_state",
  "type",
  "year",
  "make",
  "model",
  "tagged_description",
  "last_inspection",
  "next_inspection",
  "last_maintenance",
  "next_maintenance",
] as const;

const STATUS_CHOICES = TRUCK_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }));

/**
 * Add Truck (status as independent checkboxes) and Update Truck (status as one radio: Available,
 * Red Tagged, Yellow Tagged, Shop). Choosing Shop puts the truck in the Shop.
 */
export function TruckForm({
  defaultValue,
  choices,
  statusAsRadio,
  lastResult,
  ...page
}: AssetFormProps<typeof truckSchema> & { statusAsRadio: boolean }) {
  const { locations, users, accounts } = choices;
  const [form, fields] = useAssetForm(statusAsRadio ? truckSchema : newTruckSchema, { lastResult, defaultValue });
  const place = useShopLocation({ location: fields.truck_location.initialValue, inShop: fields.in_shop.initialValue });
  const [status, setStatus] = useState(fields.status.initialValue ?? "available");
  const thisYear = currentYear();

  return (
    <AssetFormPage {...page} form={form} errors={FIELD_ORDER.map((name) => fields[name].errors)}>
      {accounts ? <AssetFields.Account field={fields.account_id} accounts={accounts} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Truck Number" field={fields.truck_number} onInput={uppercaseOnInput} />
        <AssetFields.Location field={fields.truck_location} locations={locations} value={place.location} onChange={place.setLocation} />
        <AssetFields.Type field={fields.type} types={TRUCK_TYPES} emptyText={NO_MATCH.truckTypes} />
        <InputField
          label="Year"
          field={fields.year}
          inputMode="numeric"
          maxLength={4}
          placeholder={`1900–${thisYear}`}
          onInput={(event) => {
            digitsOnInput(event);
            // A year past this one is refused as it is typed, not only on submit.
            if (Number(event.currentTarget.value) > thisYear) form.validate({ name: fields.year.name });
          }}
        />
        <InputField label="Make" field={fields.make} />
        <InputField label="Model" field={fields.model} />
        <InputField label="License Plate" field={fields.license_plate} onInput={uppercaseOnInput} />
        <AssetFields.LicenseState field={fields.license_state} />
      </div>

      {statusAsRadio ? (
        <AssetFields.Choice
          legend="Status"
          name={fields.status.name}
          choices={STATUS_CHOICES}
          value={status}
          onChange={(value) => {
            setStatus(value);
            if (value === "shop") place.setLocation(SHOP);
            // Another status while it reads Shop: the truck is leaving the Shop, and the form asks where to.
            else if (place.location.trim().toLowerCase() === SHOP.toLowerCase()) place.setLocation("");
          }}
        />
      ) : (
        <AssetFields.Tags legend="Status" fields={fields} shop={place} />
      )}
      <InputField label="Tagged Description" field={fields.tagged_description} />

      <AssetFields.Assignee label="Assigned To" field={fields.assigned_user} users={users} />

      <AssetFields.ServiceDates fields={fields} />
    </AssetFormPage>
  );
}
