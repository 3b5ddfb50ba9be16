import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema";
import { ROLES, ROLE_RANK, type Role } from "#app/domain/roles";
import { canEditUser, USER_MESSAGES } from "#app/domain/users";
import { verifyPassword } from "#app/lib/password.server";
import {
  createUser as addUser,
  deactivateUser,
  getVisibleUser,
  listUsers,
  publicUser,
  reactivateUser,
  rolesPresent,
  temporaryPassword,
  updateUser as editUser,
} from "#app/services/users.server";
import { MESSAGES, PASSWORD_RULES } from "#app/domain/auth";
import { openObserver, slowCommits, whileCommitsAreSlow } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { pageAccess } from "#app/domain/route-access";
import { contextFor, createAccount, createUser as insertUser, refusal, TEST_PASSWORD_COST } from "./fixtures";
import type { ServiceContext } from "#app/services/context.server";

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Home Yard")).id;
  otherAccountId = (await createAccount(test.db, "Other Yard")).id;
});
afterAll(async () => test.close());

/** Add New User and Edit User, hashing with the test cost (the production cost takes a second a password). */
const createUser = (ctx: ServiceContext, input: unknown) => addUser(ctx, input, TEST_PASSWORD_COST);
const updateUser = (ctx: ServiceContext, id: number, input: unknown) => editUser(ctx, id, input, TEST_PASSWORD_COST);

/** The five ranks, by one role each. */
const RANKS: Role[] = ["admin", "super_manager", "account_manager", "manager", "yard_driver"];
let n = 0;
const unique = () => ++n;

/** A signed-in user of `role`: its service context (`ctx.actor`, its id and row) and what its writes sent. */
async function signedIn(role: Role, account = accountId) {
  const user = await insertUser(test.db, { role, accountId: role === "admin" ? null : account });
  const { ctx, sent } = contextFor(test.db, user);
  return Object.assign(ctx, { id: user.id, user, sent });
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

describe("creating users", () => {
  it("each rank may create exactly the roles strictly below it (admins: any)", async () => {
    for (const creatorRole of RANKS) {
      const creator = await signedIn(creatorRole);
      for (const role of ROLES) {
        const allowed = creatorRole === "admin" || ROLE_RANK[role] < ROLE_RANK[creatorRole];
        const outcome = await refusal(createUser(creator, newUserInput(role)));
        expect(outcome, `${creatorRole} creating ${role}`).toEqual(
          allowed ? null : { status: 403, errors: [USER_MESSAGES.roleNotAssignable], field: "role" },
        );
      }
    }
  });

  it("a manager posting is_admin cannot create an admin, and its new user joins its own account whatever account_id it sends", async () => {
    const manager = await signedIn("manager");
    expect(await refusal(createUser(manager, newUserInput("admin")))).toMatchObject({ status: 403 });
    const { user } = await createUser(manager, newUserInput("yard_driver", { account_id: otherAccountId }));
    expect(user.accountId).toBe(accountId);
  });

  it("gives a random temporary password, lowercases the email, uppercases the alpha code, and forces a change at first login", async () => {
    const admin = await signedIn("admin");
    const first = await createUser(admin, newUserInput("manager", { email: "MiXeD@Example.TEST", alpha_code: "abc9" }));
    const second = await createUser(admin, newUserInput("manager"));
    expect(first.user).toMatchObject({ email: "mixed@example.test", alphaCode: "ABC9", firstLogin: true, isManager: true });
    expect(first.temporaryPassword).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    expect(first.temporaryPassword).not.toBe(second.temporaryPassword);
    expect(await verifyPassword(first.temporaryPassword, first.user.passwordHash)).toBe(true);
  });

  it("an admin's new admin has no account; a new non-admin needs one", async () => {
    const admin = await signedIn("admin");
    const { user } = await createUser(admin, newUserInput("admin", { account_id: accountId }));
    expect(user.accountId).toBeNull();
    expect(await refusal(createUser(admin, newUserInput("manager", { account_id: undefined })))).toEqual({
      status: 400,
      errors: [USER_MESSAGES.selectAccount],
      field: "account_id",
    });
    expect(await refusal(createUser(admin, newUserInput("manager", { account_id: 999_999 })))).toEqual({
      status: 400,
      errors: [USER_MESSAGES.accountNotFound],
      field: "account_id",
    });
  });

  it("answers every validation rule with the spec's message", async () => {
    const admin = await signedIn("admin");
    const errorsFor = async (input: Record<string, unknown>) => (await refusal(createUser(admin, input)))?.errors;
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
    const admin = await signedIn("admin");
    await createUser(admin, newUserInput("manager", { email: "taken@example.test", alpha_code: "TAKEN" }));
    expect(await refusal(createUser(admin, newUserInput("manager", { email: "TAKEN@example.test", alpha_code: "taken" })))).toEqual({
      status: 400,
      errors: [USER_MESSAGES.emailTaken, USER_MESSAGES.alphaCodeTaken],
    });
    expect(await refusal(createUser(admin, newUserInput("manager", { email: "taken@example.test" })))).toEqual({
      status: 400,
      errors: [USER_MESSAGES.emailTaken],
      field: "email",
    });
    expect(await refusal(createUser(admin, newUserInput("manager", { alpha_code: "taken" })))).toEqual({
      status: 400,
      errors: [USER_MESSAGES.alphaCodeTaken],
      field: "alpha_code",
    });
  });
});

describe("editing, deactivating and reactivating", () => {
  it("Edit User: an admin or a super manager, on itself or a strictly lower rank; the page lets in exactly whom the API lets edit", async () => {
    for (const actorRole of RANKS) {
      const actor = await signedIn(actorRole);
      const editsUsers = actorRole === "admin" || actorRole === "super_manager";
      const self = await refusal(
        updateUser(actor, actor.id, {
          email: `self${unique()}@x.test`,
          alpha_code: `S${unique()}`,
          driver_number: actorRole === "yard_driver" ? "77" : undefined,
        }),
      );
      expect(self?.status ?? 200, `${actorRole} updating itself`).toBe(editsUsers ? 200 : 403);
      for (const targetRole of RANKS) {
        const target = await insertUser(test.db, { role: targetRole, accountId: targetRole === "admin" ? null : accountId });
        const outcome = await refusal(
          updateUser(actor, target.id, { email: target.email, alpha_code: `E${unique()}`, driver_number: "5" }),
        );
        const allowed = editsUsers && ROLE_RANK[actorRole] > ROLE_RANK[targetRole];
        // Out of reach (a higher rank, or a global admin for a non-admin) looks like a missing user.
        const visible = actorRole === "admin" || (targetRole !== "admin" && ROLE_RANK[targetRole] <= ROLE_RANK[actorRole]);
        expect(outcome?.status ?? 200, `${actorRole} editing ${targetRole}`).toBe(allowed ? 200 : visible ? 403 : 404);
        const pageLetsIn = pageAccess(`/users/${target.id}/edit`, actor.user).allowed && canEditUser(actor.user, target);
        expect(pageLetsIn, `${actorRole} opening Edit User of ${targetRole}`).toBe(allowed);
      }
    }
  });

  it("an inactive user cannot be updated, by anyone, until an admin reactivates it", async () => {
    const admin = await signedIn("admin");
    const driver = await insertUser(test.db, { role: "yard_driver", accountId });
    await deactivateUser(admin, driver.id);
    const inactive = { ...driver, isActive: false };
    expect(canEditUser(admin.user, inactive)).toBe(false);
    expect(await refusal(updateUser(admin, driver.id, { email: driver.email, driver_number: "8" }))).toEqual({
      status: 409,
      errors: [USER_MESSAGES.inactiveNotUpdatable],
    });
    await reactivateUser(admin, driver.id);
    expect(canEditUser(admin.user, { ...driver, isActive: true })).toBe(true);
    expect((await updateUser(admin, driver.id, { email: driver.email, driver_number: "8" })).driverNumber).toBe(8);
  });

  it("a user cannot raise its own role, and a blank password leaves the password alone", async () => {
    const superManager = await signedIn("super_manager");
    expect(
      await refusal(updateUser(superManager, superManager.id, { role: "admin", email: superManager.user.email, alpha_code: "SMX" })),
    ).toEqual({ status: 403, errors: [USER_MESSAGES.roleNotAssignable], field: "role" });
    const updated = await updateUser(superManager, superManager.id, {
      email: superManager.user.email,
      alpha_code: "SMY",
      password: "",
      confirm_password: "",
    });
    expect(updated.passwordHash).toBe(superManager.user.passwordHash);
  });

  it("checks the edit password rules: the first-login rules, and the confirmation", async () => {
    const admin = await signedIn("admin");
    const target = await insertUser(test.db, { role: "manager", accountId });
    const errorsFor = async (password: string, confirm: string) =>
      (await refusal(updateUser(admin, target.id, { email: target.email, alpha_code: "PWTEST", password, confirm_password: confirm })))
        ?.errors;
    expect(await errorsFor("abc", "abd")).toEqual([
      USER_MESSAGES.passwordsMustMatch,
      "Password must be at least 8 characters long",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
    expect(await errorsFor("abcdef", "abcdef")).toEqual([
      "Password must be at least 8 characters long",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
    expect(await errorsFor("Dock#Door17", "Dock#Door17")).toBeUndefined();
  });

  it("deactivating: never oneself, only a strictly lower rank, and the user's sessions end at once", async () => {
    for (const actorRole of RANKS) {
      const actor = await signedIn(actorRole);
      expect(await refusal(deactivateUser(actor, actor.id))).toEqual({ status: 403, errors: [USER_MESSAGES.cannotDeactivateSelf] });
      for (const targetRole of RANKS.filter((role) => role !== "admin")) {
        const target = await insertUser(test.db, { role: targetRole, accountId });
        const outcome = await refusal(deactivateUser(actor, target.id));
        const allowed = ROLE_RANK[actorRole] > ROLE_RANK[targetRole];
        expect(outcome === null, `${actorRole} deactivating ${targetRole}`).toBe(allowed);
      }
    }
    const admin = await signedIn("admin");
    const driver = await insertUser(test.db, { role: "yard_driver", accountId });
    const [session] = await test.db
      .insert(sessions)
      .values({ userId: driver.id, tokenHash: `t${unique()}`, csrfSecret: "s" })
      .returning();
    await deactivateUser(admin, driver.id);
    expect(admin.sent).toContainEqual({ kind: "close_sockets", sessionId: session.id, room: String(accountId), reason: "deactivated" });
    const live = await test.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, driver.id), isNull(sessions.endedAt)));
    expect(live).toHaveLength(0);
    const [stored] = await test.db.select().from(users).where(eq(users.id, driver.id));
    expect(stored.isActive).toBe(false);
  });

  it("only admins reactivate", async () => {
    const target = await insertUser(test.db, { role: "yard_driver", accountId });
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, target.id));
    const superManager = await signedIn("super_manager");
    expect(await refusal(reactivateUser(superManager, target.id))).toEqual({
      status: 403,
      errors: [USER_MESSAGES.onlyAdminsReactivate],
    });
    expect((await reactivateUser(await signedIn("admin"), target.id)).isActive).toBe(true);
  });
});

describe("Edit User keeps what it was not sent", () => {
  const stored = async (id: number) => (await test.db.select().from(users).where(eq(users.id, id)))[0];

  it("a PUT with only a first name changes only the first name", async () => {
    const admin = await signedIn("admin");
    const driver = await insertUser(test.db, { role: "yard_driver", accountId, alphaCode: `KEEP${unique()}` });
    await test.db.update(users).set({ driverNumber: 4711, lastName: "Doe" }).where(eq(users.id, driver.id));
    const before = await stored(driver.id);
    await updateUser(admin, driver.id, { first_name: "Jane" });
    const after = await stored(driver.id);
    expect(after).toEqual({ ...before, firstName: "Jane", updatedAt: after.updatedAt });
  });

  it("a blank or null alpha code is refused for every role but security, even when the role is left out", async () => {
    const admin = await signedIn("admin");
    for (const role of ROLES.filter((candidate) => candidate !== "admin")) {
      const target = await insertUser(test.db, { role, accountId });
      await test.db.update(users).set({ driverNumber: 12 }).where(eq(users.id, target.id));
      for (const blank of ["", "   ", null]) {
        const outcome = await refusal(updateUser(admin, target.id, { alpha_code: blank }));
        expect(outcome, `${role} with alpha code ${JSON.stringify(blank)}`).toEqual(
          role === "security" ? null : { status: 400, errors: [USER_MESSAGES.alphaCodeRequired], field: "alpha_code" },
        );
      }
    }
  });

  it("takes back what GET /api/users/{id} gives (nulls, flags, read-only fields) and changes nothing", async () => {
    const admin = await signedIn("admin");
    for (const role of ["security", "mechanic", "manager"] as const) {
      const target = await insertUser(test.db, { role, accountId, alphaCode: role === "security" ? undefined : `RT${unique()}` });
      if (role === "security") await test.db.update(users).set({ alphaCode: null }).where(eq(users.id, target.id));
      if (role === "mechanic") await test.db.update(users).set({ driverNumber: 31 }).where(eq(users.id, target.id));
      const before = await stored(target.id);
      const shown = publicUser(before);
      const updated = await updateUser(admin, target.id, { ...shown, role: undefined, confirm_password: undefined });
      expect(publicUser(updated), role).toEqual({ ...shown, updated_at: updated.updatedAt.toISOString() });
    }
  });

  it("refuses values past the bounds with a message naming the field, never a database error", async () => {
    const admin = await signedIn("admin");
    const driver = await insertUser(test.db, { role: "yard_driver", accountId });
    await test.db.update(users).set({ driverNumber: 1 }).where(eq(users.id, driver.id));
    const refused = (input: Record<string, unknown>) => refusal(updateUser(admin, driver.id, input));
    for (const number of ["99999999999", 2 ** 31, -1, 1.5, "1e3"]) {
      expect(await refused({ driver_number: number }), String(number)).toEqual({
        status: 400,
        errors: [USER_MESSAGES.driverNumberInvalid],
        field: "driver_number",
      });
    }
    expect(await refused({ driver_number: 2 ** 31 - 1 })).toBeNull();
    expect(await refused({ email: `${"a".repeat(250)}@x.test` })).toEqual({
      status: 400,
      errors: ["Email must be at most 254 characters"],
      field: "email",
    });
    expect(await refused({ alpha_code: "A".repeat(101) })).toEqual({
      status: 400,
      errors: ["Alpha code must be at most 100 characters"],
      field: "alpha_code",
    });
    expect(await refused({ first_name: "x".repeat(101) })).toMatchObject({ status: 400, field: "first_name" });
    const long = `Aa#1${"x".repeat(200)}`;
    expect(await refused({ password: long, confirm_password: long })).toEqual({
      status: 400,
      errors: ["Password must be at most 128 characters", "Confirm password must be at most 128 characters"],
      field: "password",
    });
    expect(await refusal(createUser(admin, newUserInput("manager", { account_id: 2 ** 31 })))).toEqual({
      status: 400,
      errors: ["Account is not valid"],
      field: "account_id",
    });
    expect(await refusal(createUser(admin, newUserInput("yard_driver", { driver_number: "99999999999" })))).toMatchObject({
      status: 400,
      errors: [USER_MESSAGES.driverNumberInvalid],
    });
  });
});

describe("passwords set through Edit User", () => {
  it("one's own new password needs the current one", async () => {
    const superManager = await signedIn("super_manager");
    const change = (extra: Record<string, unknown>) =>
      refusal(updateUser(superManager, superManager.id, { password: "Fresh#Pass9", confirm_password: "Fresh#Pass9", ...extra }));
    expect(await change({})).toEqual({ status: 400, errors: ["Current password is required"], field: "current_password" });
    expect(await change({ current_password: "Wrong#Pass1" })).toEqual({
      status: 400,
      errors: ["Current password is incorrect"],
      field: "current_password",
    });
    expect(await change({ current_password: "Secret#123" })).toBeNull();
    const [me] = await test.db.select().from(users).where(eq(users.id, superManager.id));
    expect(await verifyPassword("Fresh#Pass9", me.passwordHash)).toBe(true);
    expect(me.firstLogin).toBe(false);
  });

  it("Edit User of oneself (and PUT /api/users/{own id}) refuses the current password as the new one, changing nothing", async () => {
    const superManager = await signedIn("super_manager");
    const email = `kept${unique()}@x.test`;
    expect(
      await refusal(
        updateUser(superManager, superManager.id, {
          email,
          password: "Secret#123",
          confirm_password: "Secret#123",
          current_password: "Secret#123",
        }),
      ),
    ).toEqual({ status: 400, errors: [MESSAGES.samePassword], field: "password" });
    const [me] = await test.db.select().from(users).where(eq(users.id, superManager.id));
    expect(me).toMatchObject({ passwordHash: superManager.user.passwordHash, email: superManager.user.email });
  });

  it("a password set for a lower rank needs no current password, follows the rules, and must be changed at the next sign-in", async () => {
    const superManager = await signedIn("super_manager");
    const target = await insertUser(test.db, { role: "manager", accountId });
    expect((await refusal(updateUser(superManager, target.id, { password: "aaaaaa", confirm_password: "aaaaaa" })))?.status).toBe(400);
    await updateUser(superManager, target.id, { password: "Given#Pass7", confirm_password: "Given#Pass7" });
    const [stored] = await test.db.select().from(users).where(eq(users.id, target.id));
    expect(stored.firstLogin).toBe(true);
    expect(await verifyPassword("Given#Pass7", stored.passwordHash)).toBe(true);
  });

  it("every temporary password of Add New User already meets the first-login rules", () => {
    for (let i = 0; i < 500; i++) {
      const password = temporaryPassword();
      expect(
        PASSWORD_RULES.every((rule) => rule.test(password)),
        password,
      ).toBe(true);
    }
  });
});

describe("seeing users", () => {
  it("a non-admin never sees another account's users: 'User not found'", async () => {
    const stranger = await insertUser(test.db, { role: "yard_driver", accountId: otherAccountId });
    const manager = await signedIn("manager");
    expect(await refusal(getVisibleUser(manager, stranger.id))).toEqual({ status: 404, errors: [USER_MESSAGES.notFound] });
    expect(await refusal(updateUser(manager, stranger.id, { email: stranger.email, alpha_code: "X1" }))).toMatchObject({ status: 404 });
    expect(await refusal(deactivateUser(manager, stranger.id))).toMatchObject({ status: 404 });
  });

  it("the list holds the account's users (and global admins) at or below the viewer's rank, filtered in SQL", async () => {
    const home = (await createAccount(test.db, "List Yard")).id;
    const manager = await signedIn("manager", home);
    await insertUser(test.db, { role: "super_manager", accountId: home });
    const driver = await insertUser(test.db, { role: "yard_driver", accountId: home, email: `findme${unique()}@x.test` });
    await insertUser(test.db, { role: "yard_driver", accountId: otherAccountId });
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, driver.id));

    const seen = await listUsers(manager, { account: otherAccountId });
    expect(seen.users.map((user) => user.id).sort()).toEqual([manager.id, driver.id].sort());
    expect((await listUsers(manager, { status: "inactive" })).users.map((user) => user.id)).toEqual([driver.id]);
    expect((await listUsers(manager, { role: "manager" })).users.map((user) => user.id)).toEqual([manager.id]);
    expect((await listUsers(manager, { search: "FINDME" })).users.map((user) => user.id)).toEqual([driver.id]);
    expect(await rolesPresent(manager, null)).toEqual(["manager", "yard_driver"]);

    const admin = await signedIn("admin");
    const adminView = await listUsers(admin, { account: home, pageSize: 200 });
    expect(adminView.users.some((user) => user.is_super_manager)).toBe(true);
    expect(adminView.users.some((user) => user.is_admin && user.account_id === null)).toBe(true);
  });
});

describe("the account's room hears of user changes, after they commit", () => {
  const userChanged = (id: number, change: "created" | "updated", account = accountId) => ({
    kind: "publish",
    accountId: account,
    event: { type: "account_data_changed", account_id: account, what: "user", id, change },
  });

  it("adding, editing, deactivating and reactivating a user each tell its account's room, once the change is visible elsewhere", async () => {
    const admin = await insertUser(test.db, { role: "admin", accountId: null });
    const renamed = `UP${unique()}`;
    const { user, sent, seen } = await whileCommitsAreSlow(test, ["users"], async (observer) => {
      /** The user as another connection saw it when each event left. */
      const seen: (string | null)[] = [];
      const { ctx, sent, settled } = contextFor(test.db, admin, async (effects) => {
        for (const effect of effects) {
          if (effect.kind !== "publish" || effect.event.type !== "account_data_changed") continue;
          const at = seen.push(null) - 1;
          const [row] = await observer.select().from(users).where(eq(users.id, effect.event.id));
          seen[at] = row ? `${row.alphaCode} ${row.isActive ? "active" : "inactive"}` : null;
        }
      });
      const { user } = await createUser(ctx, newUserInput("manager"));
      await updateUser(ctx, user.id, { email: user.email, alpha_code: renamed });
      await deactivateUser(ctx, user.id);
      await reactivateUser(ctx, user.id);
      await settled();
      return { user, sent, seen };
    });
    expect(sent).toEqual([
      userChanged(user.id, "created"),
      userChanged(user.id, "updated"),
      userChanged(user.id, "updated"),
      userChanged(user.id, "updated"),
    ]);
    expect(seen).toEqual([`${user.alphaCode} active`, `${renamed} active`, `${renamed} inactive`, `${renamed} active`]);
  });

  it("a new global admin belongs to no account's room: nothing is sent", async () => {
    const admin = await signedIn("admin");
    await createUser(admin, newUserInput("admin"));
    expect(admin.sent).toEqual([]);
  });

  it("deactivating closes the sockets of each ended session, once the session reads as ended elsewhere", async () => {
    const driver = await insertUser(test.db, { role: "yard_driver", accountId });
    const [session] = await test.db
      .insert(sessions)
      .values({ userId: driver.id, tokenHash: `d${unique()}`, csrfSecret: "s" })
      .returning();
    const superManager = await insertUser(test.db, { role: "super_manager", accountId });
    const observer = await openObserver(test.url);
    const restoreCommits = await slowCommits(test.db, ["sessions"]);
    try {
      const seen: (string | null)[] = [];
      const { ctx, sent, settled } = contextFor(test.db, superManager, async (effects) => {
        if (!effects.some((effect) => effect.kind === "close_sockets")) return;
        const [stored] = await observer.db.select().from(sessions).where(eq(sessions.id, session.id));
        seen.push(stored.endReason);
      });
      await deactivateUser(ctx, driver.id);
      await settled();
      expect(sent).toEqual([
        { kind: "close_sockets", sessionId: session.id, room: String(accountId), reason: "deactivated" },
        userChanged(driver.id, "updated"),
      ]);
      expect(seen).toEqual(["deactivated"]);
    } finally {
      await restoreCommits();
      await observer.close();
    }
  });

  it("a refused change sends nothing", async () => {
    const manager = await signedIn("manager");
    const superManager = await signedIn("super_manager");
    const driver = await insertUser(test.db, { role: "yard_driver", accountId, email: `kept${unique()}@x.test` });
    const [session] = await test.db
      .insert(sessions)
      .values({ userId: driver.id, tokenHash: `r${unique()}`, csrfSecret: "s" })
      .returning();
    expect((await refusal(deactivateUser(manager, manager.id)))?.status).toBe(403);
    expect((await refusal(deactivateUser(manager, superManager.id)))?.status).toBe(404);
    expect((await refusal(updateUser(manager, driver.id, { email: driver.email, alpha_code: "NOPE" })))?.status).toBe(403);
    expect((await refusal(reactivateUser(superManager, driver.id)))?.status).toBe(403);
    expect((await refusal(updateUser(superManager, driver.id, { email: superManager.user.email, alpha_code: "DUP1" })))?.status).toBe(400);
    expect((await refusal(createUser(manager, newUserInput("super_manager"))))?.status).toBe(403);
    expect(manager.sent).toEqual([]);
    expect(superManager.sent).toEqual([]);
    const [stillLive] = await test.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(stillLive.endedAt).toBeNull();
  });
});
