import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors, inputStyles } from "~/components/ui/field";

import type { AssigneeChoice } from "~/domain/assets";

export type { AssigneeChoice };

/**
 * The user an asset is assigned to, as a type-ahead: typing a first or last name, an email, an
 * alpha code or a driver number finds the user; the field keeps the user's alpha code (or email).
 */
export function AssigneeField<Schema>({
  label,
  field,
  users,
}: {
  label: string;
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  users: AssigneeChoice[];
}) {
  const listId = `${field.id}-users`;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "search" })}
        key={field.key}
        list={listId}
        autoComplete="off"
        placeholder="Search by name, email, alpha code or driver number"
        className={inputStyles}
      />
      <datalist id={listId}>
        {users.map((user) => (
          <option key={user.id} value={user.value}>
            {user.label}
          </option>
        ))}
      </datalist>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
