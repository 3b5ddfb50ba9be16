/** A truck (tractor unit) drawn the way the Trailers tab draws a trailer: the Trucks tab's Truck column. */
export function TruckIcon() {
  return (
    <svg role="img" aria-label="Truck" viewBox="0 0 48 24" className="h-6 w-12 shrink-0">
      <rect x="3" y="12" width="38" height="5" rx="1" fill="#1e3a8a" />
      <path d="M22 17V6.5A1.5 1.5 0 0 1 23.5 5H33l7 6v6Z" fill="#1d4ed8" stroke="#1e3a8a" strokeWidth="2" strokeLinejoin="round" />
      <path d="M31 7.5h1.5l4.5 4H31Z" fill="#bfdbfe" />
      <rect x="19" y="3" width="2" height="9" fill="#334155" />
      <circle cx="10" cy="20" r="3" fill="#334155" />
      <circle cx="17" cy="20" r="3" fill="#334155" />
      <circle cx="35" cy="20" r="3" fill="#334155" />
    </svg>
  );
}
