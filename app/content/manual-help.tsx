import { Figure, Question, Says, Ui, type ManualContext, type ManualPart } from "./manual-parts";
import { telHref } from "./manual-sections";

/** The manual's Troubleshooting and Contact Us. */

export const TROUBLESHOOTING: ManualPart[] = [
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

export function contactUs({ support }: ManualContext): ManualPart[] {
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
