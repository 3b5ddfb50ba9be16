import { Fragment } from "react";

/** A table that scrolls sideways inside its own box on a phone: the headings, then one `<tr>` a row. */
export function Table({
  headings,
  children,
  className = "overflow-x-auto rounded-lg border border-slate-200 bg-white",
}: {
  headings: React.ReactNode[];
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {headings.map((heading, index) =>
              typeof heading === "string" ? (
                <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                  {heading}
                </th>
              ) : (
                <Fragment key={index}>{heading}</Fragment>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
