import { Fragment } from "react";

/**
 * A table that scrolls sideways inside its own box on a phone: the headings, then one `<tr>` a row.
 * With a `label`, the box is a named region a keyboard can reach and scroll (for a table with no
 * link or button inside to take the focus).
 */
export function Table({
  headings,
  children,
  className = "overflow-x-auto rounded-lg border border-slate-200 bg-white",
  label,
}: {
  headings: React.ReactNode[];
  children: React.ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <div className={className} {...(label ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}>
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
