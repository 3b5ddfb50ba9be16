import { Link } from "@remix-run/react";
import { addHref, type BuildingCard, type DashboardView, type YardCard } from "#app/domain/dashboard";
import { AddButton, ListCount } from "./listing";
import { LocalTime } from "#app/components/ui/local-time";

interface PlaceCard {
  id: number;
  title: string;
  badge: string;
  /** A green badge; otherwise grey. */
  good: boolean;
  lines: React.ReactNode[];
}

const WORDS = {
  yards: {
    empty: "No yards found for this account.",
    noMatch: "No yards found matching your filters",
    add: "Add New Yard",
    addFirst: "Add your first yard",
  },
  buildings: {
    empty: "No buildings found for this account.",
    noMatch: "No buildings found matching your filters",
    add: "Add New Building",
    addFirst: "Add your first building",
  },
};

/** A yard's card: whether it has parking spots, where, and its last entry. */
export function yardCard(yard: YardCard): PlaceCard {
  return {
    id: yard.id,
    title: yard.name,
    badge: yard.parkingSpots ? "Parking Spots Available" : "No Parking Spots",
    good: yard.parkingSpots,
    lines: [
      yard.parkingLocation ?? "",
      yard.lastEntry ? (
        <>
          Last entry <LocalTime iso={yard.lastEntry} />
        </>
      ) : (
        ""
      ),
    ],
  };
}

/** A building's card: its number of dock doors. */
export function buildingCard(building: BuildingCard): PlaceCard {
  const { id, name, doors } = building;
  return { id, title: name, badge: `${doors} dock door${doors === 1 ? "" : "s"}`, good: true, lines: [`Building #${id}`] };
}

/**
 * The Yards or Buildings tab: a card a place, linking to its page, and an Add button for those who
 * may add. An account with no place at all is invited to add its first; a search (the tab's only
 * filter) that matches none says so.
 */
export function PlaceCards({
  place,
  cards,
  view,
  canAdd,
  canReport,
}: {
  place: "yards" | "buildings";
  cards: PlaceCard[];
  view: DashboardView;
  canAdd: boolean;
  canReport: boolean;
}) {
  const words = WORDS[place];
  const addTo = addHref(`/${place}/new`, view);
  if (!cards.length && !view.q) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
        <p>{words.empty}</p>
        {canAdd ? (
          <Link to={addTo} className="mt-2 inline-block text-brand-700 underline">
            {words.addFirst}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {canAdd ? <AddButton to={addTo} label={words.add} /> : null}
      <ListCount total={cards.length} noun={place.slice(0, -1)} report={canReport ? { type: place, view } : null} />
      {cards.length ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card.id} className="relative rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-600">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold">
                  <Link to={`/${place}/${card.id}`} className="after:absolute after:inset-0">
                    {card.title}
                  </Link>
                </h2>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${card.good ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
                >
                  {card.badge}
                </span>
              </div>
              {card.lines.filter(Boolean).map((line, index) => (
                <p key={index} className="mt-1 text-sm text-slate-600">
                  {line}
                </p>
              ))}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{words.noMatch}</p>
      )}
    </div>
  );
}
