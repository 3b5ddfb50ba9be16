import { getInputProps } from "@conform-to/react";
import { useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AssigneeField } from "./assignee-field";
import { ComboboxField } from "#app/components/ui/combobox";
import { InputField, SelectField, type FormField } from "#app/components/ui/field";
import { DefaultSubmitWithoutScript, SubmitWithoutScript } from "#app/components/ui/form-parts";
import { LOAD_ACCOUNT, matchStates, stateCodeOf, typeLabel, US_STATES } from "#app/domain/assets";
import { NO_MATCH } from "#app/domain/choices";
import { SHOP } from "#app/domain/locations";

/**
 * An admin's choice of the account a new asset belongs to; the locations and users offered are
 * that account's. Choosing one reloads the page's choices for it (`?account=`), leaving what was
 * typed in place; without JavaScript, "Load this account's locations" does (`LOAD_ACCOUNT`).
 */
function AccountSelectField<Schema>({ field, accounts }: { field: FormField<Schema>; accounts: { id: number; label: string }[] }) {
  const [, setSearchParams] = useSearchParams();
  function loadAccount(account: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (account) next.set("account", account);
        else next.delete("account");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  return (
    <>
      <DefaultSubmitWithoutScript />
      <SelectField
        label="Account"
        field={field}
        placeholder="Select an account"
        options={accounts.map(({ id, label }) => ({ value: id, label }))}
        onChange={loadAccount}
      >
        <SubmitWithoutScript label={LOAD_ACCOUNT.label} name={LOAD_ACCOUNT.name} value={LOAD_ACCOUNT.value} className="mt-2" />
      </SelectField>
    </>
  );
}

/** The asset's type, labelled as lists show it ("Dry 53", "Daycab 1 Axle"): one of them, typed to find it. */
function TypeField<Schema>({ field, types, emptyText }: { field: FormField<Schema>; types: readonly string[]; emptyText: string }) {
  return (
    <ComboboxField
      label="Type"
      field={field}
      strict
      choices={types.map((type) => ({ value: type, label: typeLabel(type) }))}
      placeholder="Select a type"
      emptyText={emptyText}
      listHeight={48}
    />
  );
}

/** Location: a type-ahead over the account's locations, held by the form (Shop moves the asset there). */
function LocationField<Schema>({
  field,
  locations,
  value,
  onChange,
}: {
  field: FormField<Schema>;
  locations: string[];
  value: string;
  onChange: (location: string) => void;
}) {
  return (
    <ComboboxField
      label="Location"
      field={field}
      choices={locations.map((location) => ({ value: location }))}
      value={value}
      onValueChange={onChange}
      emptyText={NO_MATCH.results}
      listHeight={60}
    />
  );
}

const STATE_CHOICES = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));
const matchStateChoices = (typed: string) => matchStates(typed).map((state) => STATE_CHOICES[US_STATES.indexOf(state)]);
const capitals = (typed: string) => typed.toUpperCase();
const stateCodeOrTyped = (typed: string) => stateCodeOf(typed) ?? typed.trim();

/**
 * License State: a type-ahead over the 50 states and DC by abbreviation or name, typed in capitals;
 * a state typed by its name is kept as its code. Without JavaScript, its two-letter code.
 */
function LicenseStateField<Schema>({ field }: { field: FormField<Schema> }) {
  return (
    <ComboboxField
      label="License State"
      field={field}
      choices={STATE_CHOICES}
      match={matchStateChoices}
      normalize={capitals}
      settle={stateCodeOrTyped}
      fallbackMaxLength={2}
      emptyText={NO_MATCH.results}
      listHeight={48}
    />
  );
}

/**
 * Where the form puts the asset and whether Shop is ticked, from the fields' first values (the
 * defaults, or what was sent when the server answered with errors): ticking Shop moves the asset
 * to the Shop; `chooseLocation` also ticks Shop when the Shop is chosen and unticks it otherwise.
 */
export function useShopLocation(defaults: { location?: string; inShop?: string }) {
  const [location, setLocation] = useState(defaults.location ?? "");
  const [inShop, setInShop] = useState(defaults.inShop === "on");
  return {
    location,
    setLocation,
    inShop,
    chooseLocation(value: string) {
      setLocation(value);
      setInShop(value.trim().toLowerCase() === SHOP.toLowerCase());
    },
    tickShop(checked: boolean) {
      setInShop(checked);
      if (checked) setLocation(SHOP);
      // Unticked while it reads Shop: the asset is leaving the Shop, and the form asks where to.
      else if (location.trim().toLowerCase() === SHOP.toLowerCase()) setLocation("");
    },
  };
}

/** Red Tagged, Yellow Tagged and Shop as checkboxes; Shop follows the form's `useShopLocation`. */
function TagCheckboxes<Flag>({
  legend,
  fields,
  shop,
}: {
  legend: string;
  fields: Record<"red_tagged" | "yellow_tagged" | "in_shop", FormField<Flag>>;
  shop: ReturnType<typeof useShopLocation>;
}) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="text-sm font-medium">{legend}</legend>
      {[
        { field: fields.red_tagged, label: "Red Tagged" },
        { field: fields.yellow_tagged, label: "Yellow Tagged" },
      ].map(({ field, label }) => (
        <label key={field.name} className="flex min-h-11 items-center gap-2 text-sm">
          <input {...getInputProps(field, { type: "checkbox" })} key={field.key} className="h-5 w-5" />
          {label}
        </label>
      ))}
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={fields.in_shop.name}
          checked={shop.inShop}
          onChange={(event) => shop.tickShop(event.target.checked)}
          className="h-5 w-5"
        />
        Shop
      </label>
    </fieldset>
  );
}

/** Last and next inspection and maintenance dates. */
function ServiceDateFields<Schema>({
  fields,
}: {
  fields: Record<"last_inspection" | "next_inspection" | "last_maintenance" | "next_maintenance", FormField<Schema>>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField label="Last Inspection" field={fields.last_inspection} type="date" />
      <InputField label="Next Inspection" field={fields.next_inspection} type="date" />
      <InputField label="Last Maintenance" field={fields.last_maintenance} type="date" />
      <InputField label="Next Maintenance" field={fields.next_maintenance} type="date" />
    </div>
  );
}

/** One of a few choices as radio buttons, held by the form (a trailer's load type, a truck's status). */
function RadioChoiceField<Value extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly { value: Value; label: string }[];
  value: string;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="h-4 w-4"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The fields the trailer and truck forms share, by their part of the form (`<AssetFields.Location …/>`):
 * the account (an admin adding one), location, type, license state, tags, a radio choice, the
 * assignee and the service dates, with the same labels, names and messages in both.
 */
export const AssetFields = {
  Account: AccountSelectField,
  Location: LocationField,
  Type: TypeField,
  LicenseState: LicenseStateField,
  Tags: TagCheckboxes,
  Choice: RadioChoiceField,
  Assignee: AssigneeField,
  ServiceDates: ServiceDateFields,
};
