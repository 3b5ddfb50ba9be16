import { describe, expect, it } from "vitest";
import { readCookie, setCookie } from "./cookies.server";

const over = (protocol: "http" | "https", cookie?: string) =>
  new Request(`${protocol}://yard.example/`, { headers: cookie ? { Cookie: cookie } : {} });

describe("cookies", () => {
  it("are written HttpOnly, SameSite=Lax and at Path=/, Secure only on https", () => {
    expect(setCookie(over("http"), "a", "1")).toBe("a=1; Path=/; HttpOnly; SameSite=Lax");
    expect(setCookie(over("https"), "a", "1")).toBe("a=1; Path=/; HttpOnly; SameSite=Lax; Secure");
  });

  it("take a lifetime, Strict, or stay readable by the page's scripts when asked", () => {
    expect(setCookie(over("https"), "t", "x", { maxAge: 0, sameSite: "Strict" })).toBe(
      "t=x; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure",
    );
    expect(setCookie(over("http"), "csrf_token", "x", { readableByScripts: true })).toBe("csrf_token=x; Path=/; SameSite=Lax");
  });

  it("are read by name, decoded; a garbled one is none", () => {
    expect(readCookie(over("http", "b=2; a=%7B%22x%22%3A1%7D"), "a")).toBe('{"x":1}');
    expect(readCookie(over("http", "a=%E0%A4%A"), "a")).toBeNull();
    expect(readCookie(over("http", "ab=1"), "a")).toBeNull();
    expect(readCookie(over("http"), "a")).toBeNull();
  });
});
