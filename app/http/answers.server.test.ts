import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FORM_FAILURES } from "#app/domain/failures";
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from "#app/lib/unavailable.server";
import { ServiceError } from "#app/services/errors.server";
import { refusalOf, replyTo, submitForm } from "./answers.server";

const schema = z.object({ email: z.string(), password: z.string() });
const typed = { email: "dock@example.test", password: "Secret#12" };

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const post = (fields: Record<string, string>) => new Request("https://yard.example/signup", { method: "POST", body: formOf(fields) });

/** An answer as the action gives it: `data()`'s value and status, or a response. */
function answered(answer: unknown) {
  if (answer instanceof Response) return { response: answer };
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { data, status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get("Retry-After") };
}

const broken = async () => {
  throw new Error("insert failed");
};
const unavailable = async () => {
  throw new Error("Failed query", { cause: Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }) });
};
const signup = { failure: FORM_FAILURES.signup, hideFields: ["password"] };

afterEach(() => vi.restoreAllMocks());

describe("replyTo: a form action's write", () => {
  const submission = () => parseWithZod(formOf(typed), { schema });

  it("a refusal lands next to its field, with its status", async () => {
    const answer = answered(
      await replyTo(
        submission(),
        async () => {
          throw new ServiceError(409, "Email address is already in use", "email");
        },
        signup,
      ),
    );
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ error: { email: ["Email address is already in use"] }, initialValue: { email: typed.email } });
  });

  it("a write that failed comes back above the form with the form's message and what was typed (passwords aside), 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = answered(await replyTo(submission(), broken, signup));
    expect(answer.status).toBe(500);
    expect(answer.retryAfter).toBeNull();
    expect(answer.data).toMatchObject({ status: "error", error: { "": ["An error occurred. Please try again."] } });
    expect((answer.data as { initialValue: Record<string, unknown> }).initialValue).toEqual({ email: typed.email });
    expect(logged).toHaveBeenCalledOnce();
  });

  it("when the database could not serve: 503 with Retry-After, and the reason after the message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const answer = answered(await replyTo(submission(), unavailable, { failure: FORM_FAILURES.createCompany }));
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
    expect(answer.data).toMatchObject({ error: { "": [`Failed to create company. ${DATABASE_UNAVAILABLE}`] } });
  });

  it("what the work answers, or throws as a response (a redirect), passes through", async () => {
    expect(await replyTo(submission(), async () => "saved", signup)).toBe("saved");
    const thrown = redirect("/login");
    await expect(
      replyTo(
        submission(),
        async () => {
          throw thrown;
        },
        signup,
      ),
    ).rejects.toBe(thrown);
  });
});

describe("submitForm", () => {
  it("answers a form that does not parse with 400, passwords never sent back", async () => {
    const answer = answered(await submitForm(post({ password: "Secret#12" }), schema, async () => "saved", signup));
    expect(answer.status).toBe(400);
    expect((answer.data as { initialValue: Record<string, unknown> }).initialValue).toEqual({});
  });

  it("runs the work with the parsed value; a failure as replyTo answers it", async () => {
    expect(await submitForm(post(typed), schema, async (value) => value.email, signup)).toBe(typed.email);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(answered(await submitForm(post(typed), schema, broken, signup)).status).toBe(500);
  });
});

describe("refusalOf: a button's write", () => {
  it("lists a refusal, or the button's failure message, with the status", async () => {
    const refused = async () => {
      throw new ServiceError(409, "Trailer is in an active move");
    };
    expect(answered(await refusalOf(refused, FORM_FAILURES.deleteTrailer))).toMatchObject({
      data: { errors: ["Trailer is in an active move"] },
      status: 409,
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(answered(await refusalOf(broken, FORM_FAILURES.deleteTrailer))).toMatchObject({
      data: { errors: ["An error occurred while deleting the trailer."] },
      status: 500,
    });
  });
});
