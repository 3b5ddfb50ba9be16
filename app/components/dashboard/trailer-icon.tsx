import type { TrailerLoadState } from "#app/domain/dashboard";

const LABEL: Record<TrailerLoadState, string> = { loaded: "Loaded trailer", trays: "Trailer with trays", empty: "Empty trailer" };

/**
 * A trailer drawn by its state: loaded (filled), with trays (stacked), or empty (outline). The
 * drawings are static files (`public/icons`), fetched once and cached, so a list's rows carry a
 * short `<img>` each instead of the drawing.
 */
export function TrailerIcon({ state }: { state: TrailerLoadState }) {
  return <img src={`/icons/trailer-${state}.svg`} alt={LABEL[state]} width={48} height={24} />;
}
