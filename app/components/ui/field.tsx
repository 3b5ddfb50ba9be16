import { getInputProps, type FieldMetadata } from "@conform-to/react";

export const inputStyles = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-base";

/** A labelled input bound to a Conform field, with its errors under it (one per line). */
export function InputField<Schema>({
  label,
  field,
  type = "text",
  children,
  ...rest
}: {
  label: string;
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  type?: "text" | "email" | "password" | "number" | "date" | "search" | "tel";
  children?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "children">) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input {...getInputProps(field, { type })} key={field.key} className={inputStyles} {...rest} />
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors?.map((error) => <p key={error}>{error}</p>)}
    </div>
  );
}
