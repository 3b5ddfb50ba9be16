import { describe, expect, it } from "vitest";
import { applyTrailerRules, TRAILER_MESSAGES, trailerSchema } from "./trailers";
import { applyTruckRules, TRUCK_MESSAGES, truckSchema } from "./trucks";

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
    expect(messages(truckSchema.safeParse({}))).toEqual([
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
    expect(truckSchema.safeParse({ ...goodTruck, year: next }).success).toBe(true);
    expect(messages(truckSchema.safeParse({ ...goodTruck, year: String(Number(next) + 1) }))).toEqual([TRUCK_MESSAGES.yearRange]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, year: "1899" }))).toEqual([TRUCK_MESSAGES.yearRange]);
    expect(messages(truckSchema.safeParse({ ...goodTruck, license_state: "M" }))).toEqual([TRUCK_MESSAGES.stateLength]);
    expect(
      messages(
        truckSchema.safeParse({
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
    expect(messages(truckSchema.safeParse({ ...goodTruck, yellow_tagged: "on" }))).toEqual([TRUCK_MESSAGES.tagDescriptionRequired]);
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
