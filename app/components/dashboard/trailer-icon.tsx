import type { TrailerLoadState } from "~/domain/dashboard";

/** A trailer drawn by its state: loaded (filled), with trays (stacked), or empty (outline). */
export function TrailerIcon({ state }: { state: TrailerLoadState }) {
  const label = state === "loaded" ? "Loaded trailer" : state === "trays" ? "Trailer with trays" : "Empty trailer";
  return (
    <svg role="img" aria-label={label} viewBox="0 0 48 24" className="h-6 w-12 shrink-0">
      <rect x="1" y="3" width="40" height="14" rx="1.5" fill={state === "loaded" ? "#1d4ed8" : "#fff"} stroke="#1e3a8a" strokeWidth="2" />
      {state === "trays" ? (
        <g fill="#60a5fa">
          <rect x="5" y="10" width="8" height="5" />
          <rect x="15" y="10" width="8" height="5" />
          <rect x="5" y="5" width="8" height="4" />
        </g>
      ) : null}
      <rect x="41" y="11" width="6" height="3" fill="#1e3a8a" />
      <circle cx="10" cy="20" r="3" fill="#334155" />
      <circle cx="18" cy="20" r="3" fill="#334155" />
    </svg>
  );
}
