/** The errors of a form, listed together under one heading. */
export function ErrorSummary({ errors, heading = "Please fix the following errors:" }: { errors: string[]; heading?: string }) {
  if (!errors.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{heading}</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
