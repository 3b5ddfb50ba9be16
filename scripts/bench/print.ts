/** What the benchmarks print: tables, the machine's load, and a statement's plan. */
import os from "node:os";
import pg from "pg";

/** A Markdown table, numbers (every column after the first) aligned right. */
export function table(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`| ${widths.map((width, column) => (column ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`);
  for (const row of rows) console.log(line(row));
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
