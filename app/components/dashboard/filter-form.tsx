import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonStyles } from "#app/components/ui/styles";
import { DASHBOARD_PAGE_SIZE, type DashboardView, type FilterOption } from "#app/domain/dashboard";
import { SubmitWithoutScript } from "#app/components/ui/form-parts";

/**
 * A radio group of a GET filter form; with JavaScript the form submits on change. The ticked radio
 * follows `value` (the address) also when the address changes without the form (Reset Filters,
 * the browser's Back), while the focused radio keeps its focus.
 */
export function RadioFilter({ legend, name, value, options }: { legend: string; name: string; value: string; options: FilterOption[] }) {
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    for (const input of group.current?.querySelectorAll<HTMLInputElement>("input[type=radio]") ?? []) input.checked = input.value === value;
  }, [value]);
  return (
    <fieldset ref={group} className="min-w-0">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{legend}</legend>
      <div className="relative -mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 md:flex-wrap md:overflow-visible">
        {options.map((option) => (
          <label key={option.value} className="filter-choice shrink-0">
            <input type="radio" name={name} value={option.value} defaultChecked={value === option.value} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A tab's filters, folded into one line that names the filters in force ("Filters: Yard A · Red
 * Tagged (2)") and opens on the chips, so the list's first rows stay on screen. The chips are a GET
 * form that keeps the tab, the account, the search, the table's sort and its rows per page:
 * without JavaScript an Apply Filters button submits it; with JavaScript every change does, and a
 * chip chosen by pointer folds the filters again (one chosen by keyboard keeps them open, so the
 * arrow keys can walk a group).
 */
export function FilterForm({
  view,
  active,
  children,
  resetTo,
}: {
  view: DashboardView;
  /** The filters in force, in the chips' words. */
  active: string[];
  children: React.ReactNode;
  resetTo: string;
}) {
  const submit = useSubmit();
  const block = useRef<HTMLDetailsElement>(null);
  const byPointer = useRef(false);
  return (
    <details ref={block} className="group rounded-lg border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-90">
          ▸
        </span>
        <span className="font-semibold">Filters:</span>
        <span className="min-w-0 truncate">{active.length ? active.join(" · ") : "None"}</span>
        {active.length ? <span className="text-slate-600">({active.length})</span> : null}
      </summary>
      <Form
        method="get"
        className="space-y-3 border-t border-slate-200 p-3"
        onPointerDown={() => (byPointer.current = true)}
        onKeyDown={() => (byPointer.current = false)}
        onChange={(event) => {
          submit(event.currentTarget, { preventScrollReset: true });
          if (byPointer.current && block.current) {
            block.current.open = false;
            block.current.querySelector("summary")?.focus();
          }
          byPointer.current = false;
        }}
      >
        <input type="hidden" name="tab" value={view.tab} />
        {view.account ? <input type="hidden" name="account" value={view.account} /> : null}
        {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
        {view.column ? <input type="hidden" name="column" value={view.column} /> : null}
        {view.order === "desc" ? <input type="hidden" name="order" value="desc" /> : null}
        {view.size !== DASHBOARD_PAGE_SIZE ? <input type="hidden" name="size" value={view.size} /> : null}
        {children}
        <div className="flex flex-wrap gap-2">
          <SubmitWithoutScript label="Apply Filters" primary />
          <Link to={resetTo} className={buttonStyles.secondary}>
            Reset Filters
          </Link>
        </div>
      </Form>
    </details>
  );
}
