/** What the benchmarks print: tables, the machine's load, and a statement's plan. */
import os from "node:os";
import pg from "pg";
import { percentile } from "./server";

/** A Markdown table, numbers (every column after the first) aligned right. */
export function table(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`| ${widths.map((width, column) => (column ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`);
  for (const row of rows) console.log(line(row));
}

/**
 * Times views round-robin, one request at a time (each round starting one view later, so every
 * view meets the same minutes of the machine), after warm-up rounds; then prints each view's p50,
 * p95 and slowest, its p50 above the floor's (the last view, the one without a query) and PASS or
 * FAIL against the p95 target. Answers the names of the views that failed.
 */
export async function timeRoundRobin<V extends { name: string; times: number[]; query?: unknown }>(
  views: V[],
  request: (view: V) => Promise<number>,
  options: { warmUps: number; requests: number; targetMs: number; sizeHeading: string; size: (view: V) => number | undefined },
): Promise<string[]> {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  for (let round = 0; round < options.warmUps; round++) for (const view of views) await request(view);
  const timingStarted = Date.now();
  for (let round = 0; round < options.requests; round++) {
    for (let i = 0; i < views.length; i++) {
      const view = views[(round + i) % views.length];
      view.times.push(await request(view));
    }
  }
  console.log(
    `\n${options.requests} requests per view after ${options.warmUps} warm-up rounds, round-robin, one at a time, ` +
      `in ${((Date.now() - timingStarted) / 1000).toFixed(1)} s; load average ${loadAverage()}\n`,
  );
  const floorP50 = percentile(sorted(views[views.length - 1].times), 50);
  const passes = (view: V) => percentile(sorted(view.times), 95) <= options.targetMs;
  table(
    ["view", options.sizeHeading, "p50", "p95", "max", "p50 above the floor's", `p95 ≤ ${options.targetMs} ms`],
    views.map((view) => {
      const times = sorted(view.times);
      const size = options.size(view);
      return [
        view.name,
        size === undefined ? "" : size.toLocaleString("en-US"),
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
        ms(times[times.length - 1]),
        view.query === undefined ? "" : ms(percentile(times, 50) - floorP50),
        view.query === undefined ? "floor" : passes(view) ? "PASS" : "FAIL",
      ];
    }),
  );
  return views.filter((view) => view.query !== undefined && !passes(view)).map((view) => view.name);
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

/** EXPLAIN (ANALYZE, BUFFERS) of a statement with its parameters bound, as the driver sends it, on a new connection (as a request's). */
export async function explain(url: string, statement: { sql: string; params: unknown[] }): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const result = await pool.query<{ "QUERY PLAN": string }>({
      text: `explain (analyze, buffers) ${statement.sql}`,
      values: statement.params,
    });
    return result.rows.map((row) => row["QUERY PLAN"]);
  } finally {
    await pool.end();
  }
}
