/**
 * The manual's screenshots (public/manual/{name}.webp): what each shows, for its alt text, and
 * the window it is taken in. `npm run manual:screenshots` takes them from the demo app at these
 * sizes; the page gives each image its width and height so nothing shifts while they load.
 */
export interface ManualImage {
  alt: string;
  /** The browser window the screenshot is taken in: a desktop (1280 wide) or a phone (390 wide). */
  device: "desktop" | "phone";
}

/** Desktop screenshots are scaled to 1024 × 640; phone screenshots stay 390 × 844. */
export const IMAGE_SIZE = {
  desktop: { window: { width: 1280, height: 800 }, width: 1024, height: 640 },
  phone: { window: { width: 390, height: 844 }, width: 390, height: 844 },
} as const;

export const MANUAL_IMAGES = {
  "sign-in": {
    device: "phone",
    alt: "The Log In page on a phone: Email and Password fields, Remember my email, the Terms of Use agreement box and the Log In button.",
  },
  "session-ended": {
    device: "phone",
    alt: "The Log In page after a session timed out, with the notice “Your session has timed out due to inactivity.” above the form.",
  },
  dashboard: {
    device: "desktop",
    alt: "A manager's account dashboard: the Move Status panel with its Requested, In Progress, Finished and Cancelled cards and the Create Move button, above the Trailers, Trucks, Yards, Buildings and Users tabs.",
  },
  "trailer-list": {
    device: "desktop",
    alt: "The Trailers tab: the Location, Status, Load Type and Time at Location filters, the report buttons, and the list with each trailer's location, drawing, type, plate, number, time at location and load.",
  },
  "driver-requested": {
    device: "phone",
    alt: "A yard driver's dashboard on a phone: the Requested list is open, each move showing its legs from and to with the trailer number and an Accept button.",
  },
  "driver-accepted": {
    device: "phone",
    alt: "After Accept on a phone: the notice that the move was accepted and the In Progress list with the driver's move and its Finish and Cancel buttons.",
  },
  "create-move": {
    device: "desktop",
    alt: "The Create Move window: Single, Shuttle and Triangle, a leg's From and To choices, the trailer search and the trailers at From with their Loaded, Yellow Tagged, Red Tagged and Shop badges.",
  },
  "create-move-denied": {
    device: "phone",
    alt: "Create Move opened by a yard driver: the message that only managers and administrators can create moves, and a Close button.",
  },
  "trailer-page": {
    device: "desktop",
    alt: "A red-tagged trailer's page: Back, then its summary (number, location, status with the tag's description, time at location, who moved it last), Update and Delete, and why no move can be requested while one holds it; then its owner, load, inspections, maintenance, status, location and tag description.",
  },
  "upload-results": {
    device: "desktop",
    alt: "Bulk Upload Trailers after an upload: Total Records, Successfully Added and Errors, and the table of rejected rows with their row number, trailer number and error.",
  },
  "yards-tab": {
    device: "desktop",
    alt: "The Yards tab: a card per yard with its parking badge, parking location and last entry time.",
  },
  "admin-dashboard": {
    device: "desktop",
    alt: "The Admin Dashboard: the Move Status panel of every account, the Company select and a card per account with its trailers, trucks and users.",
  },
  "company-edit": {
    device: "desktop",
    alt: "Edit Company: the company name and the table of its accounts with their location, yards and buildings, and the Edit and Delete actions.",
  },
  settings: {
    device: "desktop",
    alt: "Settings: the Auto-logout timeout in hours with the current value, the Save button and the recommendations.",
  },
  "audit-logs": {
    device: "desktop",
    alt: "Audit Logs: the Action, Table and Timeframe filters, the Total Records, Tables Affected and Action Types cards, and the list of changes.",
  },
} as const satisfies Record<string, ManualImage>;

export type ManualImageName = keyof typeof MANUAL_IMAGES;

export function manualImageSrc(name: ManualImageName): string {
  return `/manual/${name}.webp`;
}
