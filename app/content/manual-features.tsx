import { Figure, Says, Table, Ui, type ManualPart } from "./manual-parts";

/** The manual's Features section, for everyone. */
export const FEATURES: ManualPart[] = [
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
          A trailer's page starts with <Ui>Back</Ui>, which returns to the dashboard, and a summary: the trailer's number, where it stands,
          its status (with the tag's description when it is tagged), how long it has stood there and who moved it last. Below are its
          details (owner, load, inspections, maintenance, current user, status, location, type, tag description), the{" "}
          <Ui>User Assignment History</Ui> and its <Ui>Location History</Ui>: the current location, the 5 most recent stays and the complete
          history with entry and exit times, durations and who made each change. A truck's page has the same summary and history.
        </p>
        <p>
          Managers see <Ui>Request move</Ui> on a trailer's page: it opens Create Move with this trailer already chosen as the first move,
          from where it stands; choose where it goes and press Create Move. A trailer already in a requested or in-progress move says which
          move instead.
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
          <Ui>Excel Report (CSV)</Ui> downloads a CSV file and <Ui>Excel Workbook (.xlsx)</Ui> an Excel workbook. A report holds exactly the
          list on screen with its filters and search, every page of it. The <Ui>Moves report</Ui> of the Move Status panel lists the moves
          requested between two dates, leg by leg; a trailer's or truck's page has its location history report.
        </p>
        <p>
          Times are written in your time zone, named in the column's heading, as dates a spreadsheet can sort and filter; every duration has
          a column in hours beside it, and a license state and plate have a column each. The workbook prints landscape, one page wide, with
          the bold header row on every page.
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
