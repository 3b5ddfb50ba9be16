import { describe, expect, it, vi } from "vitest";
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from "#app/lib/unavailable.server";
import { ServiceError } from "#app/services/errors.server";
import { moveActionFailure } from "#app/domain/failures";
import { answerMoveForm, backToDraft } from "./move-forms.server";

const request = new Request("https://yard.example/moves/12/finish", { method: "POST" });
const manager = { isAdmin: false };

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

async function answered(fields: Record<string, string>, work: () => Promise<object>, user = manager) {
  const answer = await answerMoveForm(request, form(fields), user, work as never, {
    failure: moveActionFailure("finish"),
  });
  if (answer instanceof Response)
    return { location: answer.headers.get("Location"), cookie: answer.headers.get("Set-Cookie"), status: answer.status };
  const { data, init } = answer as unknown as { data: unknown; init: ResponseInit | null };
  return { data, status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get("Retry-After") };
}

const done = async () => ({ notice: "Move #12 finished: T1 now at North-3", open: "finished" as const });
const refused = async () => {
  throw new ServiceError(409, "This move cannot be finished due to a conflict");
};

describe("answerMoveForm", () => {
  it("answers the page's script with data: the outcome, or the refusal with its status", async () => {
    expect(await answered({ reply: "data", back: "/" }, done)).toEqual({ data: await done(), status: 200, retryAfter: null });
    expect(await answered({ reply: "data", back: "/" }, refused)).toEqual({
      data: { error: "This move cannot be finished due to a conflict" },
      status: 409,
      retryAfter: null,
    });
  });

  it("answers a write that failed like a refusal, with the form's message: 500, or 503 with the reason when the database could not serve", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const broken = async () => {
      throw new Error("boom");
    };
    const busy = async () => {
      throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
    };
    expect(await answered({ reply: "data", back: "/" }, broken)).toEqual({
      data: { error: "Failed to finish move" },
      status: 500,
      retryAfter: null,
    });
    expect(await answered({ reply: "data", back: "/" }, busy)).toEqual({
      data: { error: `Failed to finish move. ${DATABASE_UNAVAILABLE}` },
      status: 503,
      retryAfter: String(RETRY_AFTER_SECONDS),
    });
    const plain = await answered({ back: "/" }, broken);
    expect(plain.location).toBe("/");
    expect(plain.cookie).toContain(encodeURIComponent("Failed to finish move"));
  });

  it("sends a plain form back to its page with the outcome in a short-lived cookie", async () => {
    const answer = await answered({ back: "/?tab=trailers&q=T1" }, done);
    expect(answer.location).toBe("/?tab=trailers&q=T1");
    expect(answer.cookie).toMatch(/^yardline_move_outcome=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60; Secure$/);
    expect(JSON.parse(decodeURIComponent(answer.cookie!.split(";")[0].split("=")[1]))).toEqual(await done());
    const refusal = await answered({ back: "/admin/dashboard" }, refused, { isAdmin: true });
    expect(refusal.location).toBe("/admin/dashboard");
    expect(refusal.cookie).toContain(encodeURIComponent("This move cannot be finished due to a conflict"));
  });

  it("goes back only to a page with the panel on this site, without an open Create Move", async () => {
    for (const back of ["//evil.example/", "https://evil.example/", "/trailers/1", "/\\evil.example", "", "javascript:alert(1)"]) {
      expect((await answered({ back }, done)).location, back).toBe("/");
    }
    expect((await answered({ back: "/settings" }, done, { isAdmin: true })).location).toBe("/admin/dashboard");
    expect((await answered({ back: "/?q=T1&create_move=1&move_type=single&leg1_from=Yard+A" }, done)).location).toBe("/?q=T1");
  });
});

describe("backToDraft", () => {
  it("takes the Create Move form back to its page with its choices so far, the type button's type first", () => {
    const answer = backToDraft(
      form({ back: "/?q=T1", move_type: "single", choose_type: "shuttle", leg1_from: "Yard A", csrf: "secret", intent: "choose" }),
      request,
      manager,
    );
    const location = new URL(answer.headers.get("Location")!, "https://yard.example");
    expect(location.pathname).toBe("/");
    expect(Object.fromEntries(location.searchParams)).toEqual({ q: "T1", create_move: "1", move_type: "shuttle", leg1_from: "Yard A" });
  });
});
