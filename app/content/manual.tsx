import type { LinksFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Printer } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { buttonStyles } from "~/components/ui/modal";
import styles from "./manual.css?url";
import { IMAGE_SIZE, MANUAL_IMAGES, manualImageSrc, type ManualImageName } from "./manual-images";
import { telHref, type ManualSection, type ManualSectionId, type SupportContact } from "./manual-sections";

/**
 * The words of the user manual, one place for both pages that show them: the manual (/how-to)
 * and the public guide (/guide, the General Guide alone). Each section is a list of parts; a part
 * is a heading with its own anchor in the table of contents.
 */

export interface ManualPart {
  id: string;
  title: string;
  body: ReactNode;
}

interface ManualContext {
  support: SupportContact | null;
}

/** A button, field or screen named as the product names it. */
function Ui({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900">{children}</strong>;
}

/** A message as the product shows it. */
function Says({ children }: { children: ReactNode }) {
  return <q className="italic">{children}</q>;
}

function Figure({ name, caption }: { name: ManualImageName; caption: string }) {
  const image = MANUAL_IMAGES[name];
  const size = IMAGE_SIZE[image.device];
  return (
    <figure className={`manual-figure my-4 ${image.device === "phone" ? "manual-figure-phone mx-auto max-w-[260px]" : ""}`}>
      <img
        src={manualImageSrc(name)}
        alt={image.alt}
        width={size.width}
        height={size.height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-md border border-slate-200 bg-white shadow-sm"
      />
      <figcaption className="mt-1 text-center text-xs text-slate-600">{caption}</figcaption>
    </figure>
  );
}

function Table({ headings, rows }: { headings: [string, string]; rows: [ReactNode, ReactNode][] }) {
  return (
    <table className="my-3 w-full border-collapse text-left text-sm">
      <thead>
        <tr className="border-b border-slate-300">
          {headings.map((heading) => (
            <th key={heading} scope="col" className="py-1.5 pr-3 align-bottom font-semibold">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([term, meaning], index) => (
          <tr key={index} className="border-b border-slate-200 align-top">
            <th scope="row" className="py-1.5 pr-3 font-medium">
              {term}
            </th>
            <td className="py-1.5">{meaning}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A question of Troubleshooting and its answer. */
function Question({ asked, children }: { asked: string; children: ReactNode }) {
  return (
    <div className="manual-keep my-4">
      <h4 className="font-semibold">{asked}</h4>
      <div className="mt-1 space-y-2">{children}</div>
    </div>
  );
}

const GENERAL_GUIDE: ManualPart[] = [
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

const FEATURES: ManualPart[] = [
  {
    id: "dashboard",
    title: "The dashboard",
    body: (
      <>
        <p>
          Your home page is your account's dashboard, titled with the account's name. At the top is the <Ui>Move Status</Ui> panel; under it
          the tabs <Ui>Trailers</Ui>, <Ui>Trucks</Ui>, <Ui>Yards</Ui>, <Ui>Buildings</Ui> and, for managers and above, <Ui>Users</Ui>. Click
          (or tap) a row or card to open its page. Everything you choose (tab, filters, sort, page, search) is kept in the page's address,
          so a bookmark or a shared link opens the same view.
        </p>
        <Figure name="dashboard" caption="A manager's dashboard." />
      </>
    ),
  },
  {
    id: "lists-and-filters",
    title: "Lists, filters and search",
    body: (
      <>
        <p>
          The <Ui>Trailers</Ui> tab filters by <Ui>Location</Ui> (All, Road, Shop and each building or yard, each with its count),{" "}
          <Ui>Status</Ui> (All, Red Tagged, Yellow Tagged, Available), <Ui>Load Type</Ui> (All, Loaded, Empty, With Trays) and sorts by{" "}
          <Ui>Time at Location</Ui> (Newest First or Oldest First). <Ui>Reset Filters</Ui> goes back to all of them.
        </p>
        <p>
          The <Ui>Trucks</Ui> tab filters by location, status (All, Red Tagged, Yellow Tagged, Shop, Available) and <Ui>Assigned To</Ui>;
          click a column heading to sort by it. The <Ui>Users</Ui> tab filters by role and by Active or Inactive; it lists only users whose
          role is at your level or below.
        </p>
        <p>
          Type in the <Ui>Search</Ui> box at the top to narrow the list to what matches (a trailer number, a plate, an alpha code…). Lists
          show 50 rows a page.
        </p>
        <Figure name="trailer-list" caption="The Trailers tab with its filters." />
      </>
    ),
  },
  {
    id: "badges",
    title: "What the badges and marks mean",
    body: (
      <>
        <Table
          headings={["Mark", "Meaning"]}
          rows={[
            ["Red Tagged", "The trailer or truck is tagged with a serious problem; the Tag Description says what. Its row is in red."],
            ["Yellow Tagged", "Tagged with a problem to watch; the Tag Description says what."],
            ["Shop", "In the Shop for repair or service (its location reads Shop)."],
            ["Available", "None of the above."],
            ["Loaded", "The trailer carries a load; the Load # OR Trays column shows the load number."],
            [
              "Trailer drawing",
              "Filled: loaded. With boxes inside: with trays (the column shows “2 Trays”). Outline only: empty (“Empty”).",
            ],
            [
              "Time at Location",
              "How long it has stood where it is (for example “2d 3h 15m”); “Just arrived” under a minute; “Moved” when its last stay has ended.",
            ],
            [
              "Move cards",
              "Requested (amber): waiting for a driver. In Progress (blue): a driver has it. Finished (green) and Cancelled (grey): today's count, with the total in the corner.",
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: "move-status",
    title: "The Move Status panel",
    body: (
      <>
        <p>
          The panel has four cards: <Ui>Requested</Ui>, <Ui>In Progress</Ui>, <Ui>Finished</Ui> and <Ui>Cancelled</Ui>. Click a card to open
          its list (the newest 50 moves; the list says how many there are in all). Each move shows its number and type (Single, Shuttle or
          Triangle), each leg from → to with its trailer, when it was requested and by whom, who accepted it, and for a finished move when
          it finished and how long it took.
        </p>
        <p>
          The buttons on a move are the ones you may use: <Ui>Accept</Ui> on a requested move, <Ui>Finish</Ui> and <Ui>Cancel</Ui> on one in
          progress. While your action is sent the move shows <Ui>Processing</Ui>; then the panel says what happened and opens the list where
          the move now is.
        </p>
      </>
    ),
  },
  {
    id: "driver-moves",
    title: "For yard drivers: taking and finishing moves",
    body: (
      <>
        <p>For drivers the dashboard opens with the Requested list showing: the moves waiting for a driver.</p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            Press <Ui>Accept</Ui> on a move. It becomes yours and goes to <Ui>In Progress</Ui>. If another driver was faster, you see{" "}
            <Says>This move cannot be accepted due to a conflict</Says>: pick another.
          </li>
          <li>Move each trailer of the move from its From location to its To location, leg by leg.</li>
          <li>
            Press <Ui>Finish</Ui> when every trailer is in place. Yardline records each trailer at its new location under your alpha code,
            and the move goes to <Ui>Finished</Ui>.
          </li>
        </ol>
        <div className="grid gap-4 sm:grid-cols-2">
          <Figure name="driver-requested" caption="Requested moves on a driver's phone." />
          <Figure name="driver-accepted" caption="The accepted move, In Progress." />
        </div>
        <p>
          If you cannot do a move you accepted, press <Ui>Cancel</Ui> and confirm: the move is called off (it goes to Cancelled and its
          trailers stay where they are), so tell your manager. Only managers cancel a move nobody has accepted yet. A manager may also
          finish a move for you, for example when your phone is out of battery.
        </p>
      </>
    ),
  },
  {
    id: "create-move",
    title: "For managers: requesting a move",
    body: (
      <>
        <p>
          Admins, super managers, account managers and managers see <Ui>Create Move</Ui> on the Move Status panel.
        </p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            Choose <Ui>Single</Ui> (1 leg), <Ui>Shuttle</Ui> (2 legs) or <Ui>Triangle</Ui> (3 legs).
          </li>
          <li>
            For each leg choose <Ui>From</Ui>: the locations holding trailers that are free to move, with how many. Then <Ui>To</Ui>: a
            yard, the Shop or a building door. The Road is never offered.
          </li>
          <li>
            Pick the trailer from the list of trailers at From (search by number). Each shows its type and the badges Loaded, Yellow Tagged,
            Red Tagged and Shop. Tick <Ui>Hide red-tagged trailers</Ui> to leave those out.
          </li>
          <li>
            Press <Ui>Create Move</Ui>. The move starts as Requested, with you as its requester, and every driver of the account sees it at
            once.
          </li>
        </ol>
        <Figure name="create-move" caption="Create Move with one leg chosen." />
        <p>
          A trailer can be in one requested or in-progress move at a time, and one trailer only once per move. Trailers on the Road cannot
          be moved. Administrators working across accounts choose the account of the move first.
        </p>
      </>
    ),
  },
  {
    id: "assets",
    title: "Trailers and trucks",
    body: (
      <>
        <p>
          A trailer's page shows its details (owner, load, inspections, maintenance, current user, status, location, type, tag description),
          the <Ui>User Assignment History</Ui> and its <Ui>Location History</Ui>: the current location, the 5 most recent stays and the
          complete history with entry and exit times, durations and who made each change. A truck's page shows the same kind of history.{" "}
          <Ui>Back</Ui> returns to the dashboard.
        </p>
        <Figure name="trailer-page" caption="A trailer's page." />
        <p>
          <Ui>Adding and editing.</Ui> Admins and super managers add trailers and trucks (<Ui>Add New Trailer</Ui>, <Ui>Add New Truck</Ui>)
          and change them (<Ui>Update</Ui>). Anyone else sees Add New Truck disabled, with the reason. The location field suggests the
          account's locations as you type; any spelling and case is accepted. Ticking <Ui>Shop</Ui> puts the trailer or truck in the Shop;
          unticking it empties the location, so you choose where it goes next. A tagged truck needs a tag description.
        </p>
        <p>
          <Ui>Deleting.</Ui> Admins, and the super manager or account manager of the account, see <Ui>Delete</Ui> and confirm it. A trailer
          in a requested or in-progress move cannot be deleted; finish or cancel the move first.
        </p>
      </>
    ),
  },
  {
    id: "bulk-upload",
    title: "Bulk upload of trailers",
    body: (
      <>
        <p>
          Admins and super managers add many trailers at once with <Ui>Bulk Upload Trailers</Ui> (beside Add New Trailer).
        </p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            <Ui>Download Template CSV</Ui> and fill in one row a trailer under its header row. <Ui>trailer_number</Ui>,{" "}
            <Ui>trailer_location</Ui> and <Ui>company_owner</Ui> are required; the template help lists every column and its rule. Yes/no
            columns take TRUE/FALSE, yes/no, y/n or 1/0.
          </li>
          <li>Choose the file: CSV, XLS or XLSX, at most 5 MB and 20,000 rows. Administrators also choose the account.</li>
          <li>
            <Ui>Check file</Ui> shows what would happen and adds nothing; <Ui>Upload</Ui> adds the trailers.
          </li>
        </ol>
        <p>
          The results show <Ui>Total Records</Ui>, <Ui>Successfully Added</Ui> and <Ui>Errors</Ui>, with a table of the rows that were not
          added (row number as in the spreadsheet, the header being row 1). Every row without an error is added.{" "}
          <Ui>Download rejected rows (CSV)</Ui> gives those rows back with an error column, to fix and upload again.
        </p>
        <Figure name="upload-results" caption="An upload with rejected rows." />
      </>
    ),
  },
  {
    id: "reports",
    title: "Reports",
    body: (
      <>
        <p>
          Managers and above see report buttons above each list: <Ui>Print Report</Ui> opens a printable page in a new window,{" "}
          <Ui>Excel Report</Ui> downloads a CSV file and <Ui>.xlsx</Ui> an Excel workbook. A report holds exactly the list on screen with
          its filters and search, every page of it. The <Ui>Moves report</Ui> of the Move Status panel lists the moves requested between two
          dates, leg by leg; a trailer's or truck's page has its location history report.
        </p>
        <p>
          An empty list cannot be reported (<Says>No data available to generate report</Says>). If nothing opens, allow pop-ups for
          Yardline. An Excel workbook holds up to 20,000 rows; download larger lists as CSV.
        </p>
      </>
    ),
  },
  {
    id: "users",
    title: "Users",
    body: (
      <>
        <p>
          Managers and above add people with <Ui>Add New User</Ui> on the Users tab: role (only roles below your own; admins any), alpha
          code (not needed for Security), email, and a driver number for yard drivers, road drivers and mechanics. Yardline shows the new
          user's temporary password once: pass it on. They choose their own at their first sign-in.
        </p>
        <p>
          On a user's page, admins and super managers use <Ui>Update</Ui> to edit a user of lower rank (or themselves). A user of higher
          rank can <Ui>Deactivate</Ui> a user, which signs them out at once; you can never deactivate yourself. Only an administrator can{" "}
          <Ui>Reactivate</Ui>.
        </p>
      </>
    ),
  },
];

const ADMIN_GUIDE: ManualPart[] = [
  {
    id: "companies-and-accounts",
    title: "Companies and accounts",
    body: (
      <>
        <p>
          <Link to="/companies" className="text-brand-700 underline">
            Company List
          </Link>{" "}
          (profile menu) shows every company with its number of accounts. <Ui>Add New Company</Ui> creates one by name; <Ui>Edit</Ui> opens{" "}
          <Ui>Edit Company</Ui>, where you rename it and manage its accounts: <Ui>Add Account</Ui>, and <Ui>Edit</Ui> or <Ui>Delete</Ui> on
          each. An account has a name and a location written “City, ST” (for example “Boston, MA”). An account can only be deleted when it
          is empty: no users, trailers, trucks, yards, buildings or moves; the refusal says what remains.
        </p>
        <Figure name="company-edit" caption="Edit Company with its accounts." />
      </>
    ),
  },
  {
    id: "users-and-ranks",
    title: "Users and ranks",
    body: (
      <>
        <p>
          Ranks: Admin 5, Super Manager 4, Account Manager 3, Manager 2, the worker roles (Yard Driver, Road Driver, Mechanic, Security) 1.
          The rules:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>An administrator may give any role; everyone else only roles strictly below their own.</li>
          <li>Edit User is for admins and super managers: on themselves, or on a user of strictly lower rank.</li>
          <li>Deactivating needs a strictly higher rank, and never applies to oneself; only an administrator reactivates.</li>
          <li>
            Setting someone else's password (Edit User) ends their session at once; they must choose their own password at the next sign-in.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "settings",
    title: "Settings: the session timeout",
    body: (
      <>
        <p>
          <Link to="/settings" className="text-brand-700 underline">
            Settings
          </Link>{" "}
          holds the <Ui>Auto-logout timeout (hours)</Ui>: how long a user may stay inactive before being signed out, from 0.01 to 24 hours
          in steps of 0.01 (4 hours unless changed). Users are warned 30 seconds before. The page recommends 2–4 hours for high security,
          4–8 balanced, 8 or more for low security, and 0.01–0.05 for testing. <Ui>Save</Ui> shows{" "}
          <Says>Session timeout updated successfully</Says>.
        </p>
        <Figure name="settings" caption="The session timeout setting." />
      </>
    ),
  },
];

const ADMIN_FEATURES: ManualPart[] = [
  {
    id: "admin-dashboard",
    title: "The admin dashboard",
    body: (
      <>
        <p>
          The{" "}
          <Link to="/admin/dashboard" className="text-brand-700 underline">
            Admin Dashboard
          </Link>{" "}
          shows the Move Status panel of every account (each move names its account), a <Ui>Company</Ui> select (All Companies or one) and a
          card per account with its trailers, trucks and users. An account card's name narrows the analytics to that account;{" "}
          <Ui>Open account</Ui> opens its dashboard; <Ui>Bulk upload trailers</Ui> uploads into it.
        </p>
        <p>
          The analytics follow the period switch <Ui>Today</Ui>, <Ui>Past 7 Days</Ui> or <Ui>Past 30 Days</Ui>: the Moves Summary (moves by
          state, success rate, average move time), the top locations and popular routes, idle trailers (in place for more than 7 days),
          moves per day, response and drive times, dwell times, driver productivity and door utilisation.
        </p>
        <Figure name="admin-dashboard" caption="The Admin Dashboard." />
      </>
    ),
  },
  {
    id: "working-across-accounts",
    title: "Working across accounts",
    body: (
      <>
        <p>
          On the account dashboard an administrator picks the account under <Ui>Accounts across ALL Companies:</Ui>; every tab and the Move
          Status panel then show that account. Add forms and Create Move have an account choice for administrators.
        </p>
        <p>
          The pages of a trailer, truck, user, building or yard have a <Ui>History</Ui> link for administrators: the audit log of that
          record.
        </p>
      </>
    ),
  },
];

const YARD: ManualPart[] = [
  {
    id: "locations",
    title: "Locations",
    body: (
      <>
        <p>Every trailer and truck stands at one location of its account:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <Ui>Road</Ui>: out on the road, away from the yard. Trailers on the Road cannot be put in a move.
          </li>
          <li>
            <Ui>Shop</Ui>: in for repair or service.
          </li>
          <li>a yard, by its name (for example “Yard A”);</li>
          <li>
            a dock door, written building name, dash, door number: “North-3” is door 3 of the North building. Doors run from 1 to the
            building's door count.
          </li>
        </ul>
        <p>
          A trailer or truck gets its location when it is added (one by one, or trailers by bulk upload); it changes when a move finishes or
          when an editor updates it. Each change closes the asset's current stay and opens a new one in its location history.
        </p>
      </>
    ),
  },
  {
    id: "yards-and-buildings",
    title: "Yards and buildings",
    body: (
      <>
        <p>
          The <Ui>Yards</Ui> tab shows a card per yard: its name, <Ui>Parking Spots Available</Ui> or <Ui>No Parking Spots</Ui>, its parking
          location and the last time a trailer entered it. The <Ui>Buildings</Ui> tab shows each building with its number of dock doors.
        </p>
        <Figure name="yards-tab" caption="The Yards tab." />
        <p>
          Admins and super managers add them (<Ui>Add New Yard</Ui>: name, parking location, Parking Spots Available;{" "}
          <Ui>Add New Building</Ui>: name and number of dock doors, 1 to 999) and update them. A yard or building cannot be renamed, given
          fewer doors or deleted while trailers, trucks or active moves use a location that would disappear: the refusal lists them, so move
          those first.
        </p>
      </>
    ),
  },
];

const AUDIT_LOGS: ManualPart[] = [
  {
    id: "what-is-recorded",
    title: "What is recorded",
    body: (
      <>
        <p>
          Every time anyone creates, changes or deletes a trailer, truck, yard, building, user, company, account, move or setting, Yardline
          records who did it, when, and each changed field from its old value to its new one (passwords are never shown). Sign-ins, failed
          sign-ins and sign-outs are recorded too. Nobody can change or delete a record of the audit log. Where a trailer or truck stood
          over time is its location history, on its own page.
        </p>
      </>
    ),
  },
  {
    id: "reading-the-log",
    title: "Reading the log",
    body: (
      <>
        <p>
          <Link to="/audit-logs" className="text-brand-700 underline">
            Audit Logs
          </Link>{" "}
          (profile menu) lists the newest changes first, 50 a page (<Ui>Older</Ui> and <Ui>Newest</Ui> to page). Filter by <Ui>Action</Ui>{" "}
          (CREATE in green, UPDATE in blue, DELETE in red, SIGN IN, SIGN IN FAILED, SIGN OUT), <Ui>Table</Ui> and <Ui>Timeframe</Ui> (All
          Time, Last 24 Hours, Last 7 Days, Last 30 Days); the <Ui>Search</Ui> box at the top finds an alpha code, a record id or a changed
          value. The cards count the filtered records: <Ui>Total Records</Ui>, <Ui>Tables Affected</Ui>, <Ui>Action Types</Ui> (a broad
          search counts up to 1,000 and shows “1,000+”).
        </p>
        <p>
          Each row shows the timestamp, the user who made the change (“Unknown” when nobody was signed in), the table, the record id, the
          action and the changes; <Ui>Show Details</Ui> opens <Ui>Change Details</Ui>. The filtered log downloads as CSV or Excel like any
          report.
        </p>
        <Figure name="audit-logs" caption="The audit log." />
      </>
    ),
  },
];

const TROUBLESHOOTING: ManualPart[] = [
  {
    id: "common-problems",
    title: "Common problems",
    body: (
      <>
        <Question asked="My session ended">
          <p>The sign-in page or a window on the page says why:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <Says>Your session has timed out due to inactivity.</Says> You were inactive longer than the timeout your administrator set (4
              hours unless changed). Sign in again; answer <Ui>Continue Session</Ui> when the warning appears.
            </li>
            <li>
              <Says>Your session has been invalidated because your account was logged in from another device.</Says> Someone signed in with
              your account elsewhere and chose Log Out Other Session. If it was not you, tell your manager or administrator and have your
              password changed.
            </li>
            <li>
              <Says>Your session has ended. Please log in again.</Says> A super manager or administrator set a new password for you: sign in
              with it, then choose your own.
            </li>
            <li>
              <Says>Your account has been deactivated. Please contact an administrator.</Says> Ask your administrator.
            </li>
          </ul>
          <Figure name="session-ended" caption="After a timeout." />
        </Question>
        <Question asked="The list does not update">
          <p>
            Pages update by themselves through a live connection: a move accepted or finished, a trailer moved, an asset added shows within
            a second or so. Besides, every page checks for changes on its own, connection or not: the Move Status panel every 15 seconds
            while any move is requested or in progress and every 60 seconds otherwise, the Trailers tab and a trailer's page every 30
            seconds, the Trucks tab and a truck's page every 5 minutes, the other tabs and the Admin Dashboard every 60 seconds. A page in
            the background (another tab or app in front, the phone's screen off) does not check; it checks as soon as you come back to it.
          </p>
          <p>
            Reload the page to see the latest at once. If a page shows <Says>Failed to load data. Please try again later.</Says> or says the
            database is busy, wait a few seconds and try again.
          </p>
        </Question>
        <Question asked="I cannot create a move">
          <p>
            Only admins, super managers, account managers and managers can create moves; others do not see the Create Move button, and
            opening it anyway says{" "}
            <Says>You don&apos;t have permission to create moves. Only managers and administrators can create moves.</Says> Ask your manager
            to request the move, or to have your role changed if you should have it.
          </p>
          <Figure name="create-move-denied" caption="Create Move opened by a driver." />
          <p>
            An administrator without an account chosen must choose the account of the move (
            <Says>Please select an account for the move</Says>).
          </p>
        </Question>
        <Question asked="A trailer is refused in a move (or is not in the list)">
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <Says>Cannot create move with trailers that are already on the road: …</Says> A trailer on the Road cannot be moved in the
              yard; it is not offered.
            </li>
            <li>
              <Says>Trailer … is already in a requested move</Says> or <Says>… is already in use in another active move</Says>: a trailer is
              in one move at a time. Finish or cancel that move first (Requested or In Progress list).
            </li>
            <li>
              <Says>Trailer … is no longer at …</Says>: the trailer was moved since you opened the form. Choose its current location as
              From.
            </li>
            <li>
              <Says>Cannot select the same FROM / TO Location</Says>, <Says>Please select a trailer for each move</Says>,{" "}
              <Says>Please select both from and to locations for each move</Says>: complete each leg. One trailer can be used only once in a
              move.
            </li>
            <li>A red-tagged trailer is missing from the list: untick Hide red-tagged trailers.</li>
          </ul>
        </Question>
        <Question asked="A move button says there is a conflict, or is missing">
          <p>
            <Says>This move cannot be accepted due to a conflict</Says> (or finished, or cancelled): someone acted on the move just before
            you; the panel shows where it is now. Drivers finish and cancel only the moves they accepted, and see no buttons on another
            account's moves.
          </p>
        </Question>
        <Question asked="The upload reports errors">
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Rows in the error table were not added; every other row was (after <Ui>Check file</Ui>, nothing was added). Each error names
              its row and the field, for example a missing trailer location, a location the account does not have, or a load number missing
              for a loaded trailer.
            </li>
            <li>
              <Says>Trailer number … already exists</Says>: the account has it already. <Says>… appears more than once in this file</Says>:
              only the first row with that number was taken.
            </li>
            <li>
              Use <Ui>Download rejected rows (CSV)</Ui>, fix those rows and upload that file. Uploading the whole file again reports the
              rows already added as existing.
            </li>
            <li>
              <Says>Failed to upload trailers</Says> with a reason (a missing required column, an unreadable file): nothing was added. Start
              from the template. The file must be CSV, XLS or XLSX and at most 5 MB.
            </li>
          </ul>
        </Question>
        <Question asked="A report does not open">
          <p>
            <Says>No data available to generate report</Says> or <Says>No data available to export</Says>: the list is empty with its
            filters; change them. <Says>Please allow pop-ups to generate reports</Says>: allow pop-ups for Yardline in the browser.
          </p>
        </Question>
      </>
    ),
  },
];

function contactUs({ support }: ManualContext): ManualPart[] {
  return [
    {
      id: "support",
      title: "Getting help",
      body: support ? (
        <>
          <p>For help with Yardline, contact support:</p>
          <ul className="list-disc space-y-1 pl-5">
            {support.email ? (
              <li>
                Email:{" "}
                <a href={`mailto:${support.email}`} className="break-all text-brand-700 underline">
                  {support.email}
                </a>
              </li>
            ) : null}
            {support.phone ? (
              <li>
                Phone:{" "}
                <a href={telHref(support.phone)} className="text-brand-700 underline">
                  {support.phone}
                </a>
              </li>
            ) : null}
          </ul>
          <p>
            Say which account you work in, what you were doing and the message you saw. For an account, a role or a new password, ask your
            manager or your company's Yardline administrator.
          </p>
        </>
      ) : (
        <>
          <p>
            Ask your manager first: managers add users and request moves. For a new password, a change of role, an account that was
            deactivated, or anything about your company's accounts, ask your super manager or your company's Yardline administrator.
          </p>
          <p>Say which account you work in, what you were doing and the message you saw.</p>
        </>
      ),
    },
  ];
}

const PARTS: Record<ManualSectionId, (context: ManualContext) => ManualPart[]> = {
  "general-guide": () => GENERAL_GUIDE,
  features: () => FEATURES,
  "admin-guide": () => ADMIN_GUIDE,
  "admin-features": () => ADMIN_FEATURES,
  yard: () => YARD,
  "audit-logs": () => AUDIT_LOGS,
  troubleshooting: () => TROUBLESHOOTING,
  "contact-us": contactUs,
};

/**
 * The manual's page body: a table of contents with an anchor for every section and part, then
 * the sections. `sections` are the reader's (see `manualSectionsFor`).
 */
export function ManualBody({ sections, support }: { sections: ManualSection[]; support: SupportContact | null }) {
  const context = { support };
  const contents = sections.map((section) => ({ ...section, parts: PARTS[section.id](context) }));
  return (
    <>
      <nav aria-labelledby="manual-contents" className="manual-contents mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="manual-contents" className="text-base font-semibold">
          Contents
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {contents.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {section.title}
              </a>
              <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-slate-700">
                {section.parts.map((part) => (
                  <li key={part.id}>
                    <a href={`#${part.id}`} className="underline-offset-2 hover:underline">
                      {part.title}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </nav>
      {contents.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="manual-section mt-8">
          <h2 id={section.id} className="scroll-mt-20 border-b border-slate-300 pb-1 text-xl font-semibold">
            {section.title}
          </h2>
          {section.parts.map((part) => (
            <div key={part.id} className="mt-4">
              <h3 id={part.id} className="scroll-mt-20 text-lg font-semibold">
                {part.title}
              </h3>
              <div className="mt-2 space-y-3 leading-relaxed text-slate-800">{part.body}</div>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

/** The manual's print styles: no header, no picture cut across two pages. */
export const manualLinks: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/**
 * Print, once the page's script runs. Pictures further down load as they are scrolled to; before
 * printing they are all loaded, so the paper has every one.
 */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    const loadEveryImage = () => {
      for (const image of document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")) image.loading = "eager";
    };
    window.addEventListener("beforeprint", loadEveryImage);
    return () => window.removeEventListener("beforeprint", loadEveryImage);
  }, []);
  if (!ready) return null;
  return (
    <button type="button" onClick={() => window.print()} className={`${buttonStyles.secondary} manual-no-print`}>
      <Printer aria-hidden className="mr-1.5 h-4 w-4" />
      Print
    </button>
  );
}

/** A page of the manual: its heading, what it is for, a Print button, the contents and the sections. */
export function ManualArticle({
  title,
  lead,
  sections,
  support,
  children,
}: {
  title: string;
  lead: ReactNode;
  sections: ManualSection[];
  support: SupportContact | null;
  /** Shown after the sections. */
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl break-words pb-12">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <PrintButton />
      </div>
      <div className="mt-2 text-slate-700">{lead}</div>
      <ManualBody sections={sections} support={support} />
      {children}
    </article>
  );
}
