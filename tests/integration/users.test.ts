import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { ROLES, ROLE_RANK, type Role } from "../../app/domain/roles";
import { USER_MESSAGES } from "../../app/domain/users";
import { actorOf } from "../../app/lib/guards.server";
import { verifyPassword } from "../../app/lib/password.server";
import { ServiceError } from "../../app/services/errors.server";
import {
  createUser,
  deactivateUser,
  getVisibleUser,
  listUsers,
  reactivateUser,
  rolesPresent,
  updateUser,
} from "../../app/services/users.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createUser as insertUser } from "./fixtures";

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Home Yard")).id;
  otherAccountId = (await createAccount(test.db, "Other Yard")).id;
});
afterAll(async () => test.close());

/** The five ranks, by one role each. */
const RANKS: Role[] = ["admin", "super_manager", "account_manager", "manager", "yard_driver"];
let n = 0;
const unique = () => ++n;

async function actorWith(role: Role, account = accountId) {
  return actorOf(await insertUser(test.db, { role, accountId: role === "admin" ? null : account }));
}

function newUserInput(role: Role, extra: Record<string, unknown> = {}) {
  const i = unique();
  return {
    role,
    email: `New${i}@Example.test`,
    alpha_code: role === "security" ? undefined : `nu${i}`,
    driver_number: ["yard_driver", "road_driver", "mechanic"].includes(role) ? String(500 + i) : undefined,
    account_id: role === "admin" ? undefined : accountId,
    ...extra,
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; errors: string[] } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, errors: error.errors };
    throw error;
  }
}

describe("creating users", () => {
  it("each rank may create exactly the roles strictly below it (admins: any)", async () => {
    for (const creatorRole of RANKS) {
      const creator = await actorWith(creatorRole);
      for (const role of ROLES) {
        const allowed = creatorRole === "admin" || ROLE_RANK[role] < ROLE_RANK[creatorRole];
        const outcome = await refusal(createUser(test.db, creator, newUserInput(role)));
        expect(outcome, `${creatorRole} creating ${role}`).toEqual(
          allowed ? null : { status: 403, errors: [USER_MESSAGES.roleNotAssignable] },
        );
      }
    }
  });

  it("a manager posting is_admin cannot create an admin, and its new user joins its own account whatever account_id it sends", async () => {
    const manager = await actorWith("manager");
    expect(await refusal(createUser(test.db, manager, newUserInput("admin")))).toMatchObject({ status: 403 });
    const { user } = await createUser(test.db, manager, newUserInput("yard_driver", { account_id: otherAccountId }));
    expect(user.accountId).toBe(accountId);
  });

  it("gives a random temporary password, lowercases the email, uppercases the alpha code, and forces a change at first login", async () => {
    const admin = await actorWith("admin");
    const first = await createUser(test.db, admin, newUserInput("manager", { email: "MiXeD@Example.TEST", alpha_code: "abc9" }));
    const second = await createUser(test.db, admin, newUserInput("manager"));
    expect(first.user).toMatchObject({ email: "mixed@example.test", alphaCode: "ABC9", firstLogin: true, isManager: true });
    expect(first.temporaryPassword).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    expect(first.temporaryPassword).not.toBe(second.temporaryPassword);
    expect(await verifyPassword(first.temporaryPassword, first.user.passwordHash)).toBe(true);
  });

  it("an admin's new admin has no account; a new non-admin needs one", async () => {
    const admin = await actorWith("admin");
    const { user } = await createUser(test.db, admin, newUserInput("admin", { account_id: accountId }));
    expect(user.accountId).toBeNull();
    expect(await refusal(createUser(test.db, admin, newUserInput("manager", { account_id: undefined })))).toEqual({
      status: 400,
      errors: [USER_MESSAGES.selectAccount],
    });
  });

  it("answers every validation rule with the spec's message", async () => {
    const admin = await actorWith("admin");
    const errorsFor = async (input: Record<string, unknown>) => (await refusal(createUser(test.db, admin, input)))?.errors;
    expect(await errorsFor({ email: "a@b.test", account_id: accountId })).toEqual([USER_MESSAGES.selectRole]);
    expect(await errorsFor(newUserInput("manager", { alpha_code: "" }))).toEqual([USER_MESSAGES.alphaCodeRequired]);
    expect(await errorsFor(newUserInput("security", { alpha_code: "" }))).toBeUndefined();
    expect(await errorsFor(newUserInput("yard_driver", { driver_number: "" }))).toEqual([USER_MESSAGES.driverNumberRequired]);
    expect(await errorsFor(newUserInput("mechanic", { driver_number: "12a" }))).toEqual([USER_MESSAGES.driverNumberInvalid]);
    expect(await errorsFor(newUserInput("road_driver", { driver_number: "4.5" }))).toEqual([USER_MESSAGES.driverNumberInvalid]);
    expect(await errorsFor(newUserInput("manager", { email: "" }))).toEqual([USER_MESSAGES.emailRequired]);
    expect(await errorsFor(newUserInput("manager", { email: "not-an-email" }))).toEqual([USER_MESSAGES.emailInvalid]);
  });

  it("maps duplicates to 'This email is already registered' and 'This alpha code is already in use'", async () => {
    const admin = await actorWith("admin");
    await createUser(test.db, admin, newUserInput("manager", { email: "taken@example.test", alpha_code: "TAKEN" }));
    expect(
      await refusal(createUser(test.db, admin, newUserInput("manager", { email: "TAKEN@example.test", alpha_code: "taken" }))),
    ).toEqual({ status: 400, errors: [USER_MESSAGES.emailTaken, USER_MESSAGES.alphaCodeTaken] });
  });
});

describe("editing, deactivating and reactivating", () => {
  it("editing another user needs a strictly higher rank; anyone may update themselves", async () => {
    for (const actorRole of RANKS) {
      const actor = await actorWith(actorRole);
      const self = await refusal(updateUser(test.db, actor, actor.id, { email: `self${unique()}@x.test`, alpha_code: `S${unique()}`, driver_number: actorRole === "yard_driver" ? "77" : undefined }));
      expect(self, `${actorRole} updating itself`).toBeNull();
      for (const targetRole of RANKS) {
        const target = await insertUser(test.db, { role: targetRole, accountId: targetRole === "admin" ? null : accountId });
        const outcome = await refusal(
          updateUser(test.db, actor, target.id, { email: target.email, alpha_code: `E${unique()}`, driver_number: "5" }),
        );
        const allowed = ROLE_RANK[actorRole] > ROLE_RANK[targetRole];
        // Out of reach (a higher rank, or a global admin for a non-admin) looks like a missing user.
        const visible = actorRole === "admin" || (targetRole !== "admin" && ROLE_RANK[targetRole] <= ROLE_RANK[actorRole]);
        expect(outcome?.status ?? 200, `${actorRole} editing ${targetRole}`).toBe(allowed ? 200 : visible ? 403 : 404);
      }
    }
  });

  it("a user cannot raise its own role, and a blank password leaves the password alone", async () => {
    const manager = await actorWith("manager");
    expect(
      await refusal(updateUser(test.db, manager, manager.id, { role: "super_manager", email: manager.user.email, alpha_code: "MGRX" })),
    ).toEqual({ status: 403, errors: [USER_MESSAGES.roleNotAssignable] });
    const updated = await updateUser(test.db, manager, manager.id, { email: manager.user.email, alpha_code: "MGRY", password: "", confirm_password: "" });
    expect(updated.passwordHash).toBe(manager.user.passwordHash);
  });

  it("checks the edit password rules", async () => {
    const admin = await actorWith("admin");
    const target = await insertUser(test.db, { role: "manager", accountId });
    const errorsFor = async (password: string, confirm: string) =>
      (await refusal(updateUser(test.db, admin, target.id, { email: target.email, alpha_code: "PWTEST", password, confirm_password: confirm })))?.errors;
    expect(await errorsFor("abc", "abd")).toEqual([USER_MESSAGES.passwordsMustMatch, USER_MESSAGES.passwordTooShort]);
    expect(await errorsFor("abcdef", "abcdef")).toBeUndefined();
  });

  it("deactivating: never oneself, only a strictly lower rank, and the user's sessions end at once", async () => {
    for (const actorRole of RANKS) {
      const actor = await actorWith(actorRole);
      expect(await refusal(deactivateUser(test.db, actor, actor.id))).toEqual({ status: 403, errors: [USER_MESSAGES.cannotDeactivateSelf] });
      for (const targetRole of RANKS.filter((role) => role !== "admin")) {
        const target = await insertUser(test.db, { role: targetRole, accountId });
        const outcome = await refusal(deactivateUser(test.db, actor, target.id));
        const allowed = ROLE_RANK[actorRole] > ROLE_RANK[targetRole];
        expect(outcome === null, `${actorRole} deactivating ${targetRole}`).toBe(allowed);
      }
    }
    const admin = await actorWith("admin");
    const driver = await insertUser(test.db, { role: "yard_driver", accountId });
    await test.db.insert(sessions).values({ userId: driver.id, tokenHash: `t${unique()}`, csrfSecret: "s" });
    const { endedSessions } = await deactivateUser(test.db, admin, driver.id);
    expect(endedSessions).toHaveLength(1);
    const live = await test.db.select().from(sessions).where(and(eq(sessions.userId, driver.id), isNull(sessions.endedAt)));
    expect(live).toHaveLength(0);
    const [stored] = await test.db.select().from(users).where(eq(users.id, driver.id));
    expect(stored.isActive).toBe(false);
  });

  it("only admins reactivate", async () => {
    const target = await insertUser(test.db, { role: "yard_driver", accountId });
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, target.id));
    const superManager = await actorWith("super_manager");
    expect(await refusal(reactivateUser(test.db, superManager, target.id))).toEqual({
      status: 403,
      errors: [USER_MESSAGES.onlyAdminsReactivate],
    });
    expect((await reactivateUser(test.db, await actorWith("admin"), target.id)).isActive).toBe(true);
  });
});

describe("seeing users", () => {
  it("a non-admin never sees another account's users: 'User not found'", async () => {
    const stranger = await insertUser(test.db, { role: "yard_driver", accountId: otherAccountId });
    const manager = await actorWith("manager");
    expect(await refusal(getVisibleUser(test.db, manager, stranger.id))).toEqual({ status: 404, errors: [USER_MESSAGES.notFound] });
    expect(await refusal(updateUser(test.db, manager, stranger.id, { email: stranger.email, alpha_code: "X1" }))).toMatchObject({ status: 404 });
    expect(await refusal(deactivateUser(test.db, manager, stranger.id))).toMatchObject({ status: 404 });
  });

  it("the list holds the account's users (and global admins) at or below the viewer's rank, filtered in SQL", async () => {
    const home = (await createAccount(test.db, "List Yard")).id;
    const manager = await actorWith("manager", home);
    await insertUser(test.db, { role: "super_manager", accountId: home });
    const driver = await insertUser(test.db, { role: "yard_driver", accountId: home, email: `findme${unique()}@x.test` });
    await insertUser(test.db, { role: "yard_driver", accountId: otherAccountId });
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, driver.id));

    const seen = await listUsers(test.db, manager, { accountId: otherAccountId });
    expect(seen.users.map((user) => user.id).sort()).toEqual([manager.id, driver.id].sort());
    expect((await listUsers(test.db, manager, { status: "inactive" })).users.map((user) => user.id)).toEqual([driver.id]);
    expect((await listUsers(test.db, manager, { role: "manager" })).users.map((user) => user.id)).toEqual([manager.id]);
    expect((await listUsers(test.db, manager, { search: "FINDME" })).users.map((user) => user.id)).toEqual([driver.id]);
    expect(await rolesPresent(test.db, manager, null)).toEqual(["manager", "yard_driver"]);

    const admin = await actorWith("admin");
    const adminView = await listUsers(test.db, admin, { accountId: home, pageSize: 200 });
    expect(adminView.users.some((user) => user.is_super_manager)).toBe(true);
    expect(adminView.users.some((user) => user.is_admin && user.account_id === null)).toBe(true);
  });
});
