import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yards } from "#db/schema";
import { assetFormChoices } from "#app/services/asset-forms.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser } from "./fixtures";

/** The choices of the trailer and truck forms come from one account, and never another tenant's. */
let test: TestDatabase;
const account = { own: 0, other: 0 };
beforeAll(async () => {
  test = await createTestDatabase();
  account.own = (await createAccount(test.db, "Own Forms")).id;
  account.other = (await createAccount(test.db, "Other Forms")).id;
  await test.db.insert(yards).values([
    { accountId: account.own, name: "Own Yard" },
    { accountId: account.other, name: "Other Yard" },
  ]);
  await createUser(test.db, { role: "yard_driver", accountId: account.own, alphaCode: "OWN1" });
  await createUser(test.db, { role: "yard_driver", accountId: account.other, alphaCode: "OTH1" });
});
afterAll(async () => test.close());

const names = (choices: Awaited<ReturnType<typeof assetFormChoices>>) => ({
  accountId: choices.accountId,
  locations: choices.locations,
  users: choices.users.map((user) => user.value),
});

describe("the trailer and truck forms' choices", () => {
  it("are an admin's chosen account's, and none before one is chosen", async () => {
    const { ctx } = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null }));
    expect(names(await assetFormChoices(ctx, String(account.other), { accountSelect: true }))).toMatchObject({
      accountId: account.other,
      locations: ["Road", "Shop", "Other Yard"],
      users: ["OTH1"],
    });
    const none = await assetFormChoices(ctx, null, { accountSelect: true });
    expect(names(none)).toEqual({ accountId: null, locations: [], users: [] });
    expect(none.accounts?.map((choice) => choice.id)).toEqual(expect.arrayContaining([account.own, account.other]));
  });

  it("are a non-admin's own account's, whatever account it names", async () => {
    const { ctx } = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId: account.own, alphaCode: "SM1" }));
    for (const named of [String(account.other), account.other, null, "nonsense"]) {
      const choices = await assetFormChoices(ctx, named, { accountSelect: true });
      expect(names(choices)).toEqual({ accountId: account.own, locations: ["Road", "Shop", "Own Yard"], users: ["OWN1", "SM1"] });
      expect(choices.accounts).toBeNull();
    }
  });
});
