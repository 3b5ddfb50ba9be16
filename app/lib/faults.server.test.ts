import { describe, expect, it } from "vitest";
import { FAULT_HEADER, FAULTS_ALLOWED, requestedFault } from "./faults.server";

const asking = (fault: string | null) =>
  new Request("https://yard.example/companies/new", { method: "POST", headers: fault === null ? {} : { [FAULT_HEADER]: fault } });

describe("requestedFault: a request's fault, on a Worker that allows faults only", () => {
  it("is inert without YARDLINE_FAULTS = allow: the header changes nothing", () => {
    for (const env of [{}, { YARDLINE_FAULTS: "" }, { YARDLINE_FAULTS: "1" }, { YARDLINE_FAULTS: "true" }, { YARDLINE_FAULTS: "Allow" }]) {
      expect(requestedFault(asking("write-500"), env)).toBeNull();
      expect(requestedFault(asking("write-503"), env)).toBeNull();
    }
  });

  it("with it, names the fault the header asks for; an unknown or missing one is none", () => {
    const env = { YARDLINE_FAULTS: FAULTS_ALLOWED };
    expect(requestedFault(asking("write-500"), env)).toBe("write-500");
    expect(requestedFault(asking(" write-503 "), env)).toBe("write-503");
    expect(requestedFault(asking("write-404"), env)).toBeNull();
    expect(requestedFault(asking(""), env)).toBeNull();
    expect(requestedFault(asking(null), env)).toBeNull();
  });
});
