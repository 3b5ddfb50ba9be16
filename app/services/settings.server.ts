import { eq } from "drizzle-orm";
import { settings } from "#db/schema";
import { MESSAGES } from "#app/domain/auth";
import { timeoutSchema } from "#app/domain/auth-schemas";
import { timeoutHours } from "#app/lib/session.server";
import { write, type ServiceContext } from "./context.server";
import { parseInput } from "./errors.server";
import { requireAdmin } from "./scope.server";

/** The inactivity timeout in force, in hours (the Settings page and its API: admins only). */
export async function readTimeoutHours(ctx: ServiceContext): Promise<number> {
  requireAdmin(ctx.actor, MESSAGES.adminOnly);
  return timeoutHours(ctx.db);
}

/** Sets the inactivity timeout: admins only, 0.01 to 24 hours in steps of 0.01. */
export async function updateTimeoutHours(ctx: ServiceContext, input: unknown): Promise<number> {
  requireAdmin(ctx.actor, MESSAGES.adminOnly);
  const hours = Math.round(parseInput(timeoutSchema, input).timeout_hours * 100) / 100;
  await write(ctx, (tx) => tx.update(settings).set({ timeoutHours: hours }).where(eq(settings.id, 1)));
  return hours;
}
