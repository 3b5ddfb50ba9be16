import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, findLiveSession, readSessionToken } from "./session.server";

export type SessionUser = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>["user"];

export async function getLiveSession(request: Request, context: AppLoadContext) {
  return findLiveSession(context.db(), readSessionToken(request));
}

/** The signed-in user, or a redirect to /login. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const live = await getLiveSession(request, context);
  if (!live) throw redirect("/login");
  return live.user;
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** Set-Cookie for a new session: HttpOnly, SameSite=Lax; Secure and `__Host-` on https. */
export function sessionCookie(request: Request, token: string): string {
  const secure = isHttps(request);
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(request: Request): string {
  const secure = isHttps(request);
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export function clientInfo(request: Request) {
  return {
    userAgent: request.headers.get("User-Agent"),
    ipAddress: request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For") ?? null,
  };
}
