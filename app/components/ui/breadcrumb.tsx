import { Link } from "@remix-run/react";

/**
 * Where a page sits, as links back up (the WAI-ARIA breadcrumb pattern): every step but the last
 * is a link; the last is the page itself.
 */
export function Breadcrumb({ trail }: { trail: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {trail.map((step, index) => (
          <li key={step.label} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {step.to && index < trail.length - 1 ? (
              <Link to={step.to} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {step.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
