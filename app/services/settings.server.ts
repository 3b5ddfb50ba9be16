import { eq } from "drizzle-orm";
import { settings } from "../../db/schema";
import { timeoutSchema } from "../domain/auth";
import { withActor, type Database } from "../lib/db.server";
import type { Actor } from "../lib/guards.server";
import { timeoutHours } from "../lib/session.server";

export { timeoutHours as readTimeoutHours };

export type TimeoutUpdate = { ok: true; timeoutHours: number } | { ok: false; errors: string[] };

/** Sets the inactivity timeout (admins only; the route checks the role). */
export async function updateTimeoutHours(db: Database, actor: Actor, input: unknown): Promise<TimeoutUpdate> {
  const parsed = timeoutSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
  const hours = Math.round(parsed.data.timeout_hours * 100) / 100;
  await withActor(db, actor.alphaCode, (tx) =>
    tx.update(settings).set({ timeoutHours: hours }).where(eq(settings.id, 1)),
  );
  return { ok: true, timeoutHours: hours };
}
