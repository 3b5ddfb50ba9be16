import { describe, expect, it } from "vitest";
import { choiceText, exactChoice, matchChoices, NO_MATCH } from "./choices";

const locations = ["Road", "Shop", "North-1", "North-12", "Overflow Lot", "Yard A"].map((value) => ({ value }));
const types = [
  { value: "dry_53", label: "Dry 53" },
  { value: "reefer_53", label: "Reefer 53" },
  { value: "reefer_pup", label: "Reefer Pup" },
];
const users = [
  { value: "YDB", label: "YDB · Yusuf Doyle · yard@acme.test · #101" },
  { value: "MGB", label: "MGB · Morgan Reyes · manager@acme.test" },
];

describe("picker choices", () => {
  it("match what was typed anywhere in the value, in any case, keeping their order", () => {
    expect(matchChoices(locations, "orth").map((choice) => choice.value)).toEqual(["North-1", "North-12"]);
    expect(matchChoices(locations, "  LOT ").map((choice) => choice.value)).toEqual(["Overflow Lot"]);
    expect(matchChoices(locations, "a").map((choice) => choice.value)).toEqual(["Road", "Yard A"]);
    expect(matchChoices(locations, "zz")).toEqual([]);
  });

  it("list every choice when nothing is typed", () => {
    expect(matchChoices(locations, "")).toEqual(locations);
    expect(matchChoices(locations, "   ")).toEqual(locations);
    expect(matchChoices(locations, "")).not.toBe(locations);
  });

  it("match a label as well as the value (a type by its words, a user by name, email or driver number)", () => {
    expect(matchChoices(types, "reefer").map((choice) => choice.value)).toEqual(["reefer_53", "reefer_pup"]);
    expect(matchChoices(types, "r 5").map((choice) => choice.value)).toEqual(["reefer_53"]);
    expect(matchChoices(types, "_pup").map((choice) => choice.value)).toEqual(["reefer_pup"]);
    expect(matchChoices(users, "doyle").map((choice) => choice.value)).toEqual(["YDB"]);
    expect(matchChoices(users, "MANAGER@").map((choice) => choice.value)).toEqual(["MGB"]);
    expect(matchChoices(users, "101").map((choice) => choice.value)).toEqual(["YDB"]);
  });

  it("find the one choice that is exactly what was typed, by value or label, in any case", () => {
    expect(exactChoice(types, "reefer 53")?.value).toBe("reefer_53");
    expect(exactChoice(types, " DRY_53 ")?.value).toBe("dry_53");
    expect(exactChoice(types, "reefer")).toBeUndefined();
    expect(exactChoice(types, "")).toBeUndefined();
    expect(exactChoice(locations, "yard a")?.value).toBe("Yard A");
  });

  it("show a choice by its label, else its value, and say the spec's words when nothing matches", () => {
    expect(choiceText(types[0])).toBe("Dry 53");
    expect(choiceText(locations[0])).toBe("Road");
    expect(NO_MATCH).toEqual({ results: "No results found", truckTypes: "No truck types found" });
  });
});
