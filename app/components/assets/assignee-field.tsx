import { ComboboxField } from "#app/components/ui/combobox";
import type { FormField } from "#app/components/ui/field";
import type { AssigneeChoice } from "#app/domain/assets";
import { NO_MATCH } from "#app/domain/choices";

export type { AssigneeChoice };

/**
 * The user an asset is assigned to, as a type-ahead: typing a first or last name, an email, an
 * alpha code or a driver number finds the user; the field keeps the user's alpha code (or email).
 */
export function AssigneeField<Schema>({ label, field, users }: { label: string; field: FormField<Schema>; users: AssigneeChoice[] }) {
  return (
    <ComboboxField
      label={label}
      field={field}
      type="search"
      choices={users.map((user) => ({ value: user.value, label: user.label }))}
      placeholder="Search by name, email, alpha code or driver number"
      emptyText={NO_MATCH.results}
      listHeight={60}
    />
  );
}
