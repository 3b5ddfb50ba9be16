import { and, eq, isNull } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { withActor, type Database } from "../lib/db.server";
import { hashPassword, verifyPassword } from "../lib/password.server";
import { hashToken, newToken } from "../lib/session.server";

export const INVALID_CREDENTIALS = "Invalid email or password";

export interface LoginInput {
  email: string;
  password: string;
}

export interface ClientInfo {
  userAgent: string | null;
  ipAddress: string | null;
}

export type LoginResult =
  | { ok: true; token: string; sessionId: number; user: typeof users.$inferSelect }
  | { ok: false; status: 401; error: string };

let dummyHash: Promise<string> | undefined;

/**
 * Checks the credentials and opens a session. A wrong email and a wrong password take the same
 * time (a dummy hash is verified when the user does not exist) and give the same message.
 */
export async function logIn(db: Database, input: LoginInput, client: ClientInfo): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  dummyHash ??= hashPassword("not a real password");
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !passwordMatches || !user.isActive) {
    return { ok: false, status: 401, error: INVALID_CREDENTIALS };
  }
  const token = newToken();
  const tokenHash = await hashToken(token);
  const sessionId = await withActor(db, user.alphaCode, async (tx) => {
    await tx
      .update(sessions)
      .set({ endedAt: new Date(), endReason: "replaced" })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)));
    const [created] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        tokenHash,
        csrfSecret: newToken(),
        userAgent: client.userAgent,
        ipAddress: client.ipAddress,
      })
      .returning({ id: sessions.id });
    return created.id;
  });
  return { ok: true, token, sessionId, user };
}

export async function endSession(db: Database, sessionId: number, reason: "logout" | "timeout"): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}
