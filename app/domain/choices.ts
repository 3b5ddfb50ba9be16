/**
 * The choices of the forms' pickers (location, license state, type, assignee) and how what is
 * typed finds them: the rules the combobox (app/components/ui/combobox.tsx) runs in the page.
 */

/** One choice of a picker: what the field holds, and what the list shows (the value when absent). */
export interface Choice {
  value: string;
  label?: string;
}

/** What a picker's list says when nothing matches what was typed (spec §8). */
export const NO_MATCH = {
  results: "No results found",
  truckTypes: "No truck types found",
} as const;

/** The words a choice is shown by. */
export function choiceText(choice: Choice): string {
  return choice.label ?? choice.value;
}

const folded = (text: string) => text.trim().toLocaleLowerCase("en");

/**
 * The choices whose value or label contains what was typed, in any case, in their own order; all
 * of them when nothing is typed (spec §2: location suggestions filter by substring).
 */
export function matchChoices<C extends Choice>(choices: readonly C[], typed: string): C[] {
  const query = folded(typed);
  if (!query) return [...choices];
  return choices.filter(
    (choice) => folded(choice.value).includes(query) || (choice.label !== undefined && folded(choice.label).includes(query)),
  );
}

/** The choice whose value or label is what was typed, in any case and spaces around it aside. */
export function exactChoice<C extends Choice>(choices: readonly C[], typed: string): C | undefined {
  const query = folded(typed);
  if (!query) return undefined;
  return choices.find((choice) => folded(choice.value) === query || (choice.label !== undefined && folded(choice.label) === query));
}
