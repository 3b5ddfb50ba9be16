import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonStyles } from "#app/components/ui/styles";
import type { DashboardView, FilterOption } from "#app/domain/dashboard";
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
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label key={option.value} className="filter-choice">
            <input type="radio" name={name} value={option.value} defaultChecked={value === option.value} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A tab's filters as a GET form that keeps the tab, the account, the search and the table's sort:
 * without JavaScript an Apply Filters button submits it, with JavaScript every change does.
 */
export function FilterForm({ view, children, resetTo }: { view: DashboardView; children: React.ReactNode; resetTo: string }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="tab" value={view.tab} />
      {view.account ? <input type="hidden" name="account" value={view.account} /> : null}
      {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
      {view.column ? <input type="hidden" name="column" value={view.column} /> : null}
      {view.order === "desc" ? <input type="hidden" name="order" value="desc" /> : null}
      {children}
      <div className="flex flex-wrap gap-2">
        <SubmitWithoutScript label="Apply Filters" primary />
        <Link to={resetTo} className={buttonStyles.secondary}>
          Reset Filters
        </Link>
      </div>
    </Form>
  );
}
