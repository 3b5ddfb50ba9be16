import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { inputStyles } from "./styles";

/** A Conform field of any form. */
export type FormField<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

type InputType = "text" | "email" | "password" | "number" | "date" | "search" | "tel";
type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "children">;

/** The id of a field's label (`LabelledField`), which also names a combobox's input. */
export function labelIdOf(fieldId: string): string {
  return `${fieldId}-label`;
}

/** A field's label above its control, and its errors under it (one per line). */
export function LabelledField<Schema>({ label, field, children }: { label: string; field: FormField<Schema>; children: React.ReactNode }) {
  return (
    <div>
      <label id={labelIdOf(field.id)} htmlFor={field.id} className="block text-sm font-medium">
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

/** A labelled select whose first option, `placeholder`, chooses nothing. */
export function SelectField<Schema>({
  label,
  field,
  placeholder,
  options,
  onChange,
  children,
}: {
  label: string;
  field: FormField<Schema>;
  placeholder: string;
  options: readonly ChoiceOption[];
  onChange?: (value: string) => void;
  /** What follows the select, before its errors. */
  children?: React.ReactNode;
}) {
  return (
    <LabelledField label={label} field={field}>
      <select
        {...getSelectProps(field)}
        key={field.key}
        className={inputStyles}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        {[{ value: "", label: placeholder }, ...options].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
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

/** Typing digits only: anything else typed or pasted is dropped as it comes, the caret kept in place. */
export function digitsOnInput(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D+/g, "");
  if (digits === input.value) return;
  const caret = input.selectionStart ?? input.value.length;
  const removedBefore = input.value.slice(0, caret).length - input.value.slice(0, caret).replace(/\D+/g, "").length;
  input.value = digits;
  input.setSelectionRange(caret - removedBefore, caret - removedBefore);
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
