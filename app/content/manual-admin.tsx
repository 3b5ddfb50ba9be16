import { Link } from "@remix-run/react";
import { Figure, Says, Ui, type ManualPart } from "./manual-parts";

/** The manual's sections for admins (Admin Guide, Admin Features, Audit Logs) and the Yard section. */

export const ADMIN_GUIDE: ManualPart[] = [
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

export const ADMIN_FEATURES: ManualPart[] = [
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

export const YARD: ManualPart[] = [
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

export const AUDIT_LOGS: ManualPart[] = [
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
          Each row shows the timestamp, the user who made the change (“Unknown” when nobody was signed in), the kind of record (Trailer,
          Truck, Move, User…), the record id, the action and one sentence of what happened, such as “YDB moved ACB1034 from North-3 to Yard
          A”; the record&apos;s number or name links to its page while it exists. <Ui>Show Details</Ui> opens <Ui>Change Details</Ui>, each
          changed field by the label its form gives it, with the old and new value; <Ui>Escape</Ui> or <Ui>Close</Ui> closes it. On a phone
          each row is a card. The filtered log downloads as CSV or Excel like any report.
        </p>
        <Figure name="audit-logs" caption="The audit log." />
      </>
    ),
  },
];
