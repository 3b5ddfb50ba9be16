import { Figure, Says, Table, Ui, type ManualPart } from "./manual-parts";

/** The manual's General Guide, for everyone (its Features: `manual-features.tsx`). */

export const GENERAL_GUIDE: ManualPart[] = [
  {
    id: "about-yardline",
    title: "What Yardline is",
    body: (
      <>
        <p>
          Yardline keeps track of a yard: its trailers, trucks, yards, buildings with numbered dock doors and the people who work there.
          Managers request trailer moves, yard drivers take them on their phones and finish them, and every screen shows the change as it
          happens. Each company has one or more accounts (a yard or site); you see and change only your own account's data, except
          administrators, who work across every account.
        </p>
      </>
    ),
  },
  {
    id: "signing-in",
    title: "Signing in",
    body: (
      <>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            Open Yardline and type your <Ui>Email</Ui> and <Ui>Password</Ui>. Tick <Ui>Remember my email</Ui> to have this device fill in
            your email next time.
          </li>
          <li>
            Tick the box to agree to the <Ui>Terms of Use</Ui> (version effective February 1, 2025); the link opens them. The{" "}
            <Ui>Log In</Ui> button stays disabled until the box is ticked.
          </li>
          <li>
            Press <Ui>Log In</Ui>. Administrators land on the <Ui>Admin Dashboard</Ui>, everyone else on their account's dashboard.
          </li>
        </ol>
        <Figure name="sign-in" caption="The Log In page on a phone." />
        <p>
          <Ui>Your first sign-in.</Ui> A new account comes with a temporary password. Yardline first asks you to choose your own: at least 8
          characters with an upper case letter, a lower case letter, a number and a special character, typed twice. The checklist ticks each
          rule as you type. Until the password is changed, nothing else opens.
        </p>
        <p>
          <Ui>Signed in somewhere else?</Ui> One person has one session at a time. If your account is still signed in on another device, the{" "}
          <Ui>Account Already Logged In</Ui> window shows that device, its IP address, its login time and last activity.{" "}
          <Ui>Log Out Other Session</Ui> signs the other device out and you in; <Ui>Cancel</Ui> leaves things as they are.
        </p>
        <p>
          <Ui>Wrong password.</Ui> Yardline says <Says>Invalid email or password</Says> without telling which was wrong. After 5 failed
          tries for one email from the same browser, you must wait before the next one: 1 minute, then 2, 4, 8 and up to 15 minutes (
          <Says>Too many failed login attempts. Please try again in 1 minute.</Says>). Signing in successfully clears the count.
        </p>
      </>
    ),
  },
  {
    id: "your-session",
    title: "Your session and the timeout",
    body: (
      <>
        <p>
          You stay signed in while you use Yardline. After a time without activity (your administrator sets it: 4 hours unless changed) you
          are signed out. Thirty seconds before that, the <Ui>Session Timeout Warning</Ui> counts down: <Ui>Continue Session</Ui> keeps you
          signed in, <Ui>Logout Now</Ui> signs you out at once. If nobody answers, the sign-in page says{" "}
          <Says>Your session has timed out due to inactivity.</Says>
        </p>
        <p>
          Use <Ui>Log Out</Ui> in the profile menu when you finish on a shared phone or computer. On a shared device, leave{" "}
          <Ui>Remember my email</Ui> unticked.
        </p>
      </>
    ),
  },
  {
    id: "getting-an-account",
    title: "Getting an account or a new password",
    body: (
      <>
        <p>
          There is no sign-up page: people are added by someone in their company. Ask your manager for an account. Managers, account
          managers and super managers add users of the roles below their own; an administrator adds anyone. If your account was deactivated,
          the sign-in page says <Says>Your account has been deactivated. Please contact an administrator.</Says>
        </p>
        <p>
          Forgot your password? Ask your super manager or your administrator to set a new one for you: you then choose your own at your next
          sign-in.
        </p>
      </>
    ),
  },
  {
    id: "roles",
    title: "Who can do what",
    body: (
      <>
        <p>Every user has one role. A role's rank (5 to 1) decides whom its holder can manage.</p>
        <Table
          headings={["Role", "What it can do"]}
          rows={[
            [
              "Admin (5)",
              "Everything, in every account: companies and accounts, users of any role, the session timeout, the audit log, the admin dashboard.",
            ],
            [
              "Super Manager (4)",
              "In its account: create moves and act on them; add, edit and delete trailers, trucks, yards and buildings; bulk upload trailers; add users and edit those of lower rank; reports.",
            ],
            [
              "Account Manager (3)",
              "Create moves and act on them, delete trailers, trucks, yards and buildings, add users of lower rank, reports.",
            ],
            ["Manager (2)", "Create moves and act on them, add users of the worker roles, reports."],
            [
              "Yard Driver, Road Driver (1)",
              "Accept requested moves; finish, or cancel, the moves they accepted. See the account's trailers, trucks, yards and buildings.",
            ],
            [
              "Mechanic, Security (1)",
              "See the account's trailers, trucks, yards, buildings and the Move Status panel, without move buttons.",
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: "getting-around",
    title: "Getting around",
    body: (
      <>
        <p>The bar at the top of every page holds:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>the Yardline logo, which takes you to your dashboard;</li>
          <li>
            the <Ui>Search</Ui> box, which narrows the lists of the page you are on (trailers, trucks, users and the rest) to what matches;
          </li>
          <li>
            for administrators, the <Ui>Admin Dashboard</Ui> shortcut;
          </li>
          <li>
            the profile menu (your alpha code or the person icon): <Ui>Home Page</Ui>; for administrators <Ui>Admin Dashboard</Ui>,{" "}
            <Ui>Company List</Ui>, <Ui>Audit Logs</Ui> and <Ui>Settings</Ui>; for everyone <Ui>User Manual</Ui> (this manual),{" "}
            <Ui>User Agreement</Ui> and <Ui>Log Out</Ui>.
          </li>
        </ul>
        <p>Yardline works the same on a phone, a tablet and a computer; on a phone the lists show as cards.</p>
      </>
    ),
  },
];
