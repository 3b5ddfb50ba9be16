import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { reportFileName, type ReportOutput } from "#app/domain/reports";
import { apiError } from "#app/http/api.server";
import { requirePage } from "#app/http/guards.server";
import { applySecurityHeaders } from "#app/lib/headers.server";
import { viewerTimeZone } from "#app/http/move-forms.server";
import { reportQueryOf } from "#app/http/queries.server";
import { reportCsv, reportPrintPage, reportRefusalPage, reportXlsx } from "#app/http/report-files.server";
import { wantsPage } from "#app/lib/unavailable.server";
import { asRefusal } from "#app/services/errors.server";
import { openReport, reportTypeOf, type Report } from "#app/services/reports.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 4 } satisfies StatementBudget;

const OUTPUTS: Record<string, ReportOutput> = { csv: "csv", xlsx: "xlsx" };

/** "trailers" is the print page, "trailers.csv" and "trailers.xlsx" the files; another extension is no report. */
function reportAddress(name: string): { type: string; output: ReportOutput | null } {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return { type: name, output: "print" };
  return { type: name.slice(0, dot), output: OUTPUTS[name.slice(dot + 1)] ?? null };
}

/** Where a refused report sends its reader back: the list it came from. */
function backTo(type: string, params: URLSearchParams): string {
  const id = params.get("id");
  if (type === "trailer-history" && id) return `/trailers/${encodeURIComponent(id)}`;
  if (type === "truck-history" && id) return `/trucks/${encodeURIComponent(id)}`;
  if (type === "audit-logs") return "/audit-logs";
  if (type === "moves") {
    const account = params.get("account");
    return account ? `/?account=${encodeURIComponent(account)}` : "/";
  }
  const list = new URLSearchParams(params);
  list.delete("tz");
  if (["trucks", "yards", "buildings", "users"].includes(type)) list.set("tab", type);
  const query = list.toString();
  return query ? `/?${query}` : "/";
}

/** `Content-Disposition` naming the file, with a plain ASCII name for clients that read only that. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function answer(report: Report, output: ReportOutput, request: Request, nonce: string): Promise<Response> {
  if (output === "print") {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    applySecurityHeaders(request, headers, nonce);
    return new Response(reportPrintPage(report, nonce), { headers });
  }
  const name = reportFileName(report.account, report.type, report.generatedAt, output);
  if (output === "csv") {
    return new Response(reportCsv(report), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachment(name) },
    });
  }
  return new Response(await reportXlsx(report), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": attachment(name),
    },
  });
}

/**
 * `GET /reports/{type}` (the print page), `/reports/{type}.csv` and `/reports/{type}.xlsx`: the
 * report of a list, built by the server from the list's own query parameters (the dashboard's
 * URL). The service decides who may read which report (before its parameters are read, so an
 * unknown type or a viewer below manager is refused whatever they say) and what it holds; a
 * refusal is a short page with the message and the way back when a window opened it, else
 * `{error, errors}`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  const url = new URL(request.url);
  const { type, output } = reportAddress(params.type ?? "");
  try {
    const reportType = reportTypeOf(ctx, output ? type : "", output ?? "print");
    const report = await openReport(ctx, {
      query: reportQueryOf(reportType, url.searchParams),
      output: output ?? "print",
      timeZone: url.searchParams.get("tz") || viewerTimeZone(request),
    });
    return await answer(report, output ?? "print", request, context.nonce);
  } catch (caught) {
    const refusal = asRefusal(caught);
    if (!refusal) throw caught;
    if (wantsPage(request)) return reportRefusalPage(refusal.status, refusal.message, backTo(type, url.searchParams));
    return apiError(refusal.status, refusal.errors, undefined, refusal.field);
  }
}
