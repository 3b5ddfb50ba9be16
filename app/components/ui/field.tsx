import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { inputStyles } from "./styles";

/** A Conform field of any form. */
export type FormField<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

type InputType = "text" | "email" | "password" | "number" | "date" | "search" | "tel";
type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "children">;

/** A field's label above its control, and its errors under it (one per line). */
export function LabelledField<Schema>({ label, field, children }: { label: string; field: FormField<Schema>; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled input bound to a Conform field, with its errors under it (one per line). */
export function InputField<Schema>({
  label,
  field,
  type = "text",
  children,
  ...rest
}: {
  label: string;
  field: FormField<Schema>;
  type?: InputType;
  children?: React.ReactNode;
} & InputAttributes) {
  return (
    <LabelledField label={label} field={field}>
      <input {...getInputProps(field, { type })} key={field.key} className={inputStyles} {...rest} />
      {children}
    </LabelledField>
  );
}

export interface ChoiceOption {
  value: string | number;
  label?: string;
}

/**
 * A labelled input with a type-ahead list (a native datalist: keyboard navigation included, and
 * the form works without JavaScript). Given `value`, the input is controlled by its owner.
 */
export function TypeAheadField<Schema>({
  label,
  field,
  options,
  type = "text",
  ...rest
}: { label: string; field: FormField<Schema>; options: readonly ChoiceOption[]; type?: InputType } & InputAttributes) {
  const listId = `${field.id}-options`;
  const { defaultValue, ...props } = getInputProps(field, { type });
  return (
    <LabelledField label={label} field={field}>
      <input
        {...props}
        defaultValue={rest.value === undefined ? defaultValue : undefined}
        key={field.key}
        list={listId}
        autoComplete="off"
        className={inputStyles}
        {...rest}
      />
      <datalist id={listId}>
        {options.map(({ value, label: text }) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </datalist>
    </LabelledField>
  );
}

/** A labelled select whose first option, `placeholder`, chooses nothing. */
export function SelectField<Schema>({
  label,
  field,
  placeholder,
  options,
}: {
  label: string;
  field: FormField<Schema>;
  placeholder: string;
  options: readonly ChoiceOption[];
}) {
  return (
    <LabelledField label={label} field={field}>
      <select {...getSelectProps(field)} key={field.key} className={inputStyles}>
        {[{ value: "", label: placeholder }, ...options].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** Typing in capitals: what is typed shows uppercase and the caret stays where it was. */
export function uppercaseOnInput(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const caret = input.selectionStart;
  input.value = input.value.toUpperCase();
  if (caret !== null) input.setSelectionRange(caret, caret);
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors?.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
