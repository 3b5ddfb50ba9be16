import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Fragment, useId } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useLoaderData, useNavigate, useSubmit } from "@remix-run/react";
import { RadioFilter } from "#app/components/dashboard/filter-form";
import { ReportButtons } from "#app/components/reports/report-buttons";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonStyles } from "#app/components/ui/styles";
import { Table } from "#app/components/ui/table";
import {
  AUDIT_ACTION_LABEL,
  AUDIT_ACTIONS,
  AUDIT_MESSAGES,
  AUDIT_TIMEFRAMES,
  AUDITED_TABLES,
  auditHref,
  changeText,
  parseAuditQuery,
  type AuditAction,
  type AuditLogItem,
  type AuditQuery,
} from "#app/domain/audit";
import { auditSentence, fieldLabel, recordHref, recordNoun, type AuditLogEntry } from "#app/domain/audit-words";
import { timeIn, timeZoneOrUtc } from "#app/domain/time-zones";
import { pageRoute } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import { viewerTimeZone } from "#app/http/move-forms.server";
import { auditLogEntries, auditLogItem } from "#app/services/audit.server";
import type { StatementBudget } from "#app/http/route-methods";
import { SubmitWithoutScript } from "#app/components/ui/form-parts";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Audit Logs · Yardline" }];

export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const query = parseAuditQuery(params);
  const detailsId = Number(params.get("details"));
  const [page, details] = await Promise.all([
    auditLogEntries(ctx, query),
    params.get("details") ? auditLogItem(ctx, detailsId) : Promise.resolve(null),
  ]);
  return { query, page, details, timeZone: timeZoneOrUtc(viewerTimeZone(request)) };
});

const ACTION_STYLE: Record<AuditAction, string> = {
  CREATE: "bg-green-100 text-green-800",
  UPDATE: "bg-blue-100 text-blue-800",
  DELETE: "bg-red-100 text-red-800",
  SIGN_IN: "bg-slate-100 text-slate-800",
  SIGN_IN_FAILED: "bg-amber-100 text-amber-900",
  SIGN_OUT: "bg-slate-100 text-slate-800",
};

/** The log as it is, with a row's Change Details open. */
function detailsHref(query: AuditQuery, id: number): string {
  const params = new URLSearchParams(auditHref(query).split("?")[1] ?? "");
  params.set("details", String(id));
  return `/audit-logs?${params}`;
}

/** Who wrote a row: the alpha code recorded then, and the user as it is now when that differs. */
function performedBy(item: AuditLogItem): string {
  if (item.user_id === null) return item.user_alpha_code ?? AUDIT_MESSAGES.unknownUser;
  const recorded = item.user_alpha_code ?? AUDIT_MESSAGES.unknownUser;
  const now = item.user_now;
  const nowText = [now?.alpha_code !== item.user_alpha_code ? (now?.alpha_code ?? "no alpha code") : null, now?.name]
    .filter(Boolean)
    .join(", ");
  return nowText ? `${recorded} (${nowText})` : recorded;
}

/** The Audit Logs Dashboard (admins): filters, the cards of the filtered set, the log a page at a time, a row's Change Details. */
export default function AuditLogs() {
  const { query, page, details, timeZone } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const filtered = (changes: Partial<AuditQuery>) => auditHref(query, { cursor: null, ...changes });
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Audit Logs</h1>
        <ReportButtons
          type="audit-logs"
          params={new URLSearchParams(auditHref(query, { cursor: null }).split("?")[1] ?? "")}
          total={page.counts?.total ?? page.items.length}
          label="Audit log"
        />
      </div>
      {query.user || query.recordId ? (
        <p className="text-sm text-slate-700">
          Showing{" "}
          {query.recordId
            ? `the history of ${query.table ? recordNoun(query.table).toLowerCase() : "record"} #${query.recordId}`
            : `the changes by user #${query.user}`}
          .{" "}
          <Link to={filtered({ user: null, recordId: null, table: null })} className="text-brand-700 underline">
            Show the whole log
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
      >
        {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
        {query.user ? <input type="hidden" name="user" value={query.user} /> : null}
        {query.recordId ? <input type="hidden" name="record_id" value={query.recordId} /> : null}
        <RadioFilter
          legend="Action"
          name="action"
          value={query.action ?? ""}
          options={[{ value: "", label: "All" }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABEL[action] }))]}
        />
        <RadioFilter
          legend="Table"
          name="table"
          value={query.table ?? ""}
          options={[{ value: "", label: "All" }, ...AUDITED_TABLES.map((table) => ({ value: table, label: recordNoun(table, "many") }))]}
        />
        <RadioFilter
          legend="Timeframe"
          name="hours"
          value={query.hours ? String(query.hours) : ""}
          options={[
            { value: "", label: "All Time" },
            ...AUDIT_TIMEFRAMES.map((frame) => ({ value: String(frame.hours), label: frame.label })),
          ]}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitWithoutScript label="Apply Filters" primary />
          <Link to="/audit-logs" className={buttonStyles.secondary}>
            Reset Filters
          </Link>
        </div>
      </Form>
      {page.counts ? (
        <dl className="grid grid-cols-3 gap-2">
          {[
            ["Total Records", page.counts.total],
            ["Tables Affected", page.counts.tables],
            ["Action Types", page.counts.actions],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold" data-card={label}>
                {Number(value).toLocaleString("en-US")}
                {page.counts!.capped ? "+" : ""}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {page.counts?.capped ? <p className="text-sm text-slate-600">{AUDIT_MESSAGES.countsCapped(page.counts.total)}</p> : null}
      {page.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{AUDIT_MESSAGES.empty}</p>
      ) : (
        <Table
          className="record-table cards-on-phone overflow-x-auto rounded-lg border border-slate-200 bg-white"
          headings={[
            "Timestamp",
            "User Performed Changes",
            "Table",
            "Record ID",
            "Action",
            "Changes",
            <th key="details" scope="col" className="px-3 py-2">
              <span className="sr-only">Details</span>
            </th>,
          ]}
        >
          {page.items.map((item) => (
            <tr key={item.id}>
              <td>
                <time dateTime={item.timestamp}>{timeIn(timeZone, item.timestamp)}</time>
              </td>
              <td className="wrap">{performedBy(item)}</td>
              <td className="table-only">{recordNoun(item.table_name)}</td>
              <td className="table-only">{item.record_id ?? ""}</td>
              <td>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ACTION_STYLE[item.action]}`}>
                  {AUDIT_ACTION_LABEL[item.action]}
                </span>
              </td>
              <td className="wrap card-lead min-w-60 text-slate-700">
                <Sentence item={item} />
                {Object.keys(item.changed_fields ?? {}).length ? null : (
                  <span className="block text-xs text-slate-500">{AUDIT_MESSAGES.noChanges}</span>
                )}
              </td>
              <td>
                <Link
                  id={showDetailsId(item.id)}
                  to={detailsHref(query, item.id)}
                  preventScrollReset
                  className="whitespace-nowrap text-brand-700 underline"
                >
                  Show Details
                </Link>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <nav aria-label="Pages" className="flex flex-wrap gap-2">
        {query.cursor ? (
          <Link to={filtered({})} className={buttonStyles.secondary}>
            Newest
          </Link>
        ) : null}
        {page.next_cursor ? (
          <Link to={auditHref(query, { cursor: page.next_cursor })} className={buttonStyles.secondary}>
            Older
          </Link>
        ) : null}
      </nav>
      {details ? <ChangeDetails item={details} timeZone={timeZone} closeTo={auditHref(query)} /> : null}
    </section>
  );
}

/** The id of a row's Show Details link, where the focus returns when its Change Details closes. */
const showDetailsId = (id: number) => `show-details-${id}`;

/** A row's sentence, its record's name a link to the record's page while the record has one. */
function Sentence({ item }: { item: AuditLogEntry }) {
  const href = recordHref(item.table_name, item.record_id, item.record.exists);
  return (
    <span>
      {auditSentence(item, item.record.name).map((part, index) =>
        part.record && href ? (
          <Link key={index} to={href} className="font-medium text-brand-700 underline">
            {part.text}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}

/**
 * The Change Details dialog: each changed field by its form's label, with its old and new value.
 * Its state is the URL's `details`, so the server renders it open and it works without JavaScript
 * (not portalled for the same reason); with JavaScript the focus moves into it and stays there,
 * Escape and Close go back to the log, and the focus returns to the row's Show Details.
 */
function ChangeDetails({ item, timeZone, closeTo }: { item: AuditLogEntry; timeZone: string; closeTo: string }) {
  const fields = Object.entries(item.changed_fields ?? {});
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onCloseAutoFocus={(event) => {
          const opener = document.getElementById(showDetailsId(item.id));
          if (opener) {
            event.preventDefault();
            opener.focus();
          }
        }}
        className="fixed inset-x-3 top-[5vh] z-50 mx-auto max-h-[90vh] max-w-2xl overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
      >
        <Dialog.Title id={titleId} className="text-lg font-semibold">
          Change Details
        </Dialog.Title>
        <Dialog.Description id={descriptionId} asChild>
          <div className="mt-1 space-y-1 text-sm text-slate-600">
            <p className="text-base text-slate-900">
              <Sentence item={item} />
            </p>
            <p>
              {AUDIT_ACTION_LABEL[item.action]} · {recordNoun(item.table_name)}
              {item.record_id ? ` #${item.record_id}` : ""} · {timeIn(timeZone, item.timestamp)} · {performedBy(item)}
            </p>
          </div>
        </Dialog.Description>
        {fields.length ? (
          <Table
            className="mt-3 max-h-[50vh] overflow-auto rounded-lg border border-slate-200"
            label="Changed fields"
            headings={["Field", "Old", "New"]}
          >
            {fields.map(([field, change]) => (
              <tr key={field}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {fieldLabel(item.table_name, field)}
                </th>
                <td className="whitespace-pre-wrap break-words px-3 py-2 text-slate-700 [overflow-wrap:anywhere]">
                  {changeText(change.old, timeZone)}
                </td>
                <td className="whitespace-pre-wrap break-words px-3 py-2 [overflow-wrap:anywhere]">{changeText(change.new, timeZone)}</td>
              </tr>
            ))}
          </Table>
        ) : (
          <p className="mt-3 text-sm">{AUDIT_MESSAGES.noChanges}</p>
        )}
        <div className="mt-4 flex justify-end">
          <Link to={closeTo} preventScrollReset className={buttonStyles.primary}>
            Close
          </Link>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
