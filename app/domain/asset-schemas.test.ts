import { describe, expect, it } from "vitest";
import { applyTrailerRules, TRAILER_MESSAGES, trailerSchema } from "./trailers";
import { applyTruckRules, newTruckSchema, serviceDateProblems, TRUCK_MESSAGES, truckSchema } from "./trucks";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const goodTrailer = {
  trailer_number: "acb1",
  trailer_location: "North-1",
  license_plate: "abc123",
  license_state: "ma",
  type: "dry_53",
  company_owner: "acme",
};

const goodTruck = {
  truck_number: "t1",
  truck_location: "Yard A",
  license_plate: "tr1",
  license_state: "ma",
  type: "boxtruck",
  year: "2020",
  make: "Volvo",
  model: "VNL",
};

describe("trailer rules", () => {
  it("requires every field of Add New Trailer with the spec's messages", () => {
    expect(messages(trailerSchema.safeParse({}))).toEqual([
      TRAILER_MESSAGES.numberRequired,
      TRAILER_MESSAGES.locationRequired,
      TRAILER_MESSAGES.plateRequired,
      TRAILER_MESSAGES.stateRequired,
      TRAILER_MESSAGES.typeRequired,
      TRAILER_MESSAGES.ownerRequired,
    ]);
  });

  it("uppercases number, plate, state and owner; needs a load number when loaded and trays when tray", () => {
    const parsed = trailerSchema.parse(goodTrailer);
    expect(parsed).toMatchObject({ trailer_number: "ACB1", license_plate: "ABC123", license_state: "MA", company_owner: "ACME" });
    expect(messages(trailerSchema.safeParse({ ...goodTrailer, load_type: "loaded" }))).toEqual([TRAILER_MESSAGES.loadNumberRequired]);
    expect(messages(trailerSchema.safeParse({ ...goodTrailer, load_type: "tray", tray_count: "0" }))).toEqual([
      TRAILER_MESSAGES.trayCountRequired,
    ]);
    expect(messages(trailerSchema.safeParse({ ...goodTrailer, license_state: "mas" }))).toEqual([TRAILER_MESSAGES.stateLength]);
  });

  it("keeps load types exclusive and Shop ⇄ in_shop", () => {
    const tray = applyTrailerRules(
      trailerSchema.parse({ ...goodTrailer, load_type: "tray", tray_count: "4", load_number: "X" }),
      "North-1",
    );
    expect(tray).toMatchObject({ isTray: true, trayCount: 4, isLoaded: false, loadNumber: null });
    expect(applyTrailerRules(trailerSchema.parse({ ...goodTrailer, in_shop: "on" }), "North-1")).toMatchObject({
      trailerLocation: "Shop",
      inShop: true,
    });
    expect(applyTrailerRules(trailerSchema.parse(goodTrailer), "Shop")).toMatchObject({ inShop: true });
    expect(applyTrailerRules(trailerSchema.parse(goodTrailer), "North-1")).toMatchObject({ inShop: false });
  });
});

describe("truck rules", () => {
  it("requires every field of Add Truck with the spec's messages", () => {
    expect(messages(newTruckSchema.safeParse({}))).toEqual([
      TRUCK_MESSAGES.numberRequired,
      TRUCK_MESSAGES.locationRequired,
      TRUCK_MESSAGES.plateRequired,
      TRUCK_MESSAGES.stateRequired,
      TRUCK_MESSAGES.typeRequired,
      TRUCK_MESSAGES.yearRequired,
      TRUCK_MESSAGES.makeRequired,
      TRUCK_MESSAGES.modelRequired,
    ]);
  });

  it("checks the year, the state's length, the dates and the tag description", () => {
    const next = String(new Date().getUTCFullYear() + 1);
    expect(truckSchema.safeParse({ ...goodTruck, year: String(new Date().getUTCFullYear()) }).success).toBe(true);
    expect(messages(newTruckSchema.safeParse({ ...goodTruck, year: next }))).toEqual(["Year cannot be later than the current year"]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, year: next }))).toEqual(["Year cannot be later than the current year"]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, year: String(Number(next) + 1) }))).toEqual([TRUCK_MESSAGES.yearRange]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, year: "1899" }))).toEqual([TRUCK_MESSAGES.yearRange]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, license_state: "M" }))).toEqual([TRUCK_MESSAGES.stateLength]);
    expect(
      messages(
        newTruckSchema.safeParse({
          ...goodTruck,
          last_inspection: day(1),
          last_maintenance: day(2),
          next_inspection: day(0),
          next_maintenance: day(-1),
        }),
      ),
    ).toEqual([
      TRUCK_MESSAGES.lastInspectionFuture,
      TRUCK_MESSAGES.nextInspectionPast,
      TRUCK_MESSAGES.lastMaintenanceFuture,
      TRUCK_MESSAGES.nextMaintenancePast,
    ]);
    expect(messages(newTruckSchema.safeParse({ ...goodTruck, yellow_tagged: "on" }))).toEqual([
      "Tagged description is required when truck is tagged",
    ]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, yellow_tagged: "on" }))).toEqual([
      "Tagged description is required when a truck is tagged",
    ]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, status: "red" }))).toEqual([
      "Tagged description is required when a truck is tagged",
    ]);
  });

  it("Update Truck with a required field empty also says 'Please fill out all required fields'; Add Truck lists the fields alone", () => {
    for (const field of ["truck_number", "truck_location", "type", "license_plate", "license_state", "year", "make", "model"]) {
      const result = truckSchema.safeParse({ ...goodTruck, [field]: "" });
      expect(result.success, field).toBe(false);
      expect(
        result.error!.issues.filter((issue) => issue.path.length === 0).map((issue) => issue.message),
        field,
      ).toEqual(["Please fill out all required fields"]);
    }
    expect(truckSchema.safeParse(goodTruck).success).toBe(true);
    expect(messages(newTruckSchema.safeParse({ ...goodTruck, make: "" }))).toEqual([TRUCK_MESSAGES.makeRequired]);
  });

  it("applies Add Truck's date rules on update only to the dates that change: an overdue truck can be saved", () => {
    const stored = { lastInspection: day(-400), nextInspection: day(-30), lastMaintenance: day(-400), nextMaintenance: day(-30) };
    const unchanged = { last_inspection: day(-400), next_inspection: day(-30), last_maintenance: day(-400), next_maintenance: day(-30) };
    expect(serviceDateProblems(unchanged, stored)).toEqual([]);
    expect(serviceDateProblems({ ...unchanged, next_inspection: day(-1) }, stored)).toEqual([
      { field: "next_inspection", message: TRUCK_MESSAGES.nextInspectionPast },
    ]);
    expect(serviceDateProblems({ ...unchanged, next_inspection: day(10) }, stored)).toEqual([]);
    expect(serviceDateProblems(unchanged)).toHaveLength(2);
  });

  it("applies the status radio exclusively and Shop moves the truck to the Shop", () => {
    const red = applyTruckRules(truckSchema.parse({ ...goodTruck, status: "red", yellow_tagged: "on", tagged_description: "x" }), "Yard A");
    expect(red).toMatchObject({ redTagged: true, yellowTagged: false, inShop: false });
    expect(applyTruckRules(truckSchema.parse({ ...goodTruck, status: "shop" }), "Yard A")).toMatchObject({
      truckLocation: "Shop",
      inShop: true,
    });
    expect(
      applyTruckRules(truckSchema.parse({ ...goodTruck, red_tagged: "on", in_shop: "on", tagged_description: "x" }), "Yard A"),
    ).toMatchObject({
      redTagged: true,
      inShop: true,
    });
  });
});

describe("bounded inputs", () => {
  it("refuses numbers past their range, impossible dates and overlong text, naming the field", () => {
    const refused = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(refused(trailerSchema.safeParse({ ...goodTrailer, load_type: "tray", tray_count: "99999999999" }))).toEqual([
      ["tray_count", TRAILER_MESSAGES.trayCountRange],
    ]);
    expect(refused(trailerSchema.safeParse({ ...goodTrailer, user_id: 2147483648 }))).toEqual([["user_id", "User ID is not valid"]]);
    expect(refused(trailerSchema.safeParse({ ...goodTrailer, account_id: "99999999999" }))).toEqual([
      ["account_id", "Account ID is not valid"],
    ]);
    expect(refused(trailerSchema.safeParse({ ...goodTrailer, last_inspection: "2025-02-30" }))).toEqual([
      ["last_inspection", "Last inspection must be a date (YYYY-MM-DD) between 1900 and 2100"],
    ]);
    expect(refused(truckSchema.safeParse({ ...goodTruck, next_maintenance: "2101-01-01" }))).toEqual([
      ["next_maintenance", "Next maintenance must be a date (YYYY-MM-DD) between 1900 and 2100"],
    ]);
    expect(refused(trailerSchema.safeParse({ ...goodTrailer, trailer_number: "X".repeat(101) }))).toEqual([
      ["trailer_number", "Trailer number must be at most 100 characters"],
    ]);
    expect(refused(trailerSchema.safeParse({ ...goodTrailer, company_owner: 42 }))).toEqual([["company_owner", "Owner is required"]]);
    expect(refused(truckSchema.safeParse({ ...goodTruck, year: 1e12 }))).toEqual([["year", TRUCK_MESSAGES.yearRange]]);
    expect(refused(truckSchema.safeParse({ ...goodTruck, vin: { a: 1 } }))).toEqual([["vin", "Vin must be text"]]);
  });

  it("takes the API's is_loaded / is_tray as well as the form's load type, never both at once", () => {
    expect(trailerSchema.parse({ ...goodTrailer, is_tray: true, tray_count: 3 }).load_type).toBe("tray");
    expect(trailerSchema.parse({ ...goodTrailer, is_loaded: "true", load_number: "L1" }).load_type).toBe("loaded");
    expect(trailerSchema.parse({ ...goodTrailer, load_type: "empty", is_loaded: true }).load_type).toBe("empty");
    expect(messages(trailerSchema.safeParse({ ...goodTrailer, is_loaded: true, is_tray: true, load_number: "L", tray_count: 1 }))).toEqual([
      TRAILER_MESSAGES.loadTypeOne,
    ]);
  });
});
