import { getInputProps, getSelectProps } from "@conform-to/react";
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from "downshift";
import { useEffect, useRef, useState } from "react";
import { LabelledField, labelIdOf, type FormField } from "./field";
import { inputStyles } from "./styles";
import { useHydrated } from "#app/browser/hydrated";
import { choiceText, exactChoice, matchChoices, type Choice } from "#app/domain/choices";

const { stateChangeTypes: change } = useCombobox;

/** The list's height at most (spec §9: 60 units for locations, 48 for states and types). */
const LIST_HEIGHT = { 60: "max-h-60", 48: "max-h-48" } as const;

const POPUP = "absolute z-20 mt-1 w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg";

/** Marks the server's control, which the combobox replaces once the page's script runs. */
const FALLBACK = "data-picker-fallback";

/** How a picker chooses: the same for the combobox and for the server's control it replaces. */
interface Picking {
  /** Every choice, in the order the list shows them. */
  choices: readonly Choice[];
  /** The choices that match what was typed (default: value or label contains it, `matchChoices`). */
  match?: (typed: string) => Choice[];
  /**
   * Only a choice may be chosen (a type): the field shows the choice's label and posts its value
   * (a select without JavaScript), and what matches no choice is cleared on leaving the field.
   * Otherwise what is typed is the value (an input with a datalist without JavaScript).
   */
  strict?: boolean;
  /** The field's value held by its owner (with `onValueChange`); otherwise the field keeps its own. */
  value?: string;
  onValueChange?: (value: string) => void;
  /** What the list says when nothing matches. */
  emptyText: string;
  listHeight: keyof typeof LIST_HEIGHT;
  /** What is typed, as the field shows it (codes in capitals). */
  normalize?: (typed: string) => string;
  /** What the field keeps of what was typed once it is left (a state's name becomes its code). */
  settle?: (typed: string) => string;
  /** The input's placeholder; a strict field's select has it as its first option, which chooses nothing. */
  placeholder?: string;
}

/** The attributes Conform gives the field's control. */
interface Control {
  id: string;
  name: string;
  form?: string;
  required?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** What the server's control holds and whether it has the focus, when the combobox replaces it. */
function fallbackState(id: string): { value: string; focused: boolean } | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.hasAttribute(FALLBACK)) return null;
  return { value: element.value, focused: document.activeElement === element };
}

const labelOf = (choices: readonly Choice[], value: string) => {
  const choice = choices.find((option) => option.value === value);
  return choice ? choiceText(choice) : "";
};

/**
 * The WAI-ARIA combobox (an editable input whose list filters as it is typed) on downshift's
 * `useCombobox`: ArrowDown and ArrowUp open the list and move through it, Enter chooses, Escape
 * closes it, a click or a tap chooses too. The input keeps the focus; the option moved to is its
 * `aria-activedescendant`. When nothing matches, `emptyText` is shown and announced (role status).
 */
function Combobox({
  control,
  labelId,
  type,
  initialValue,
  choices,
  match,
  strict = false,
  value,
  onValueChange,
  emptyText,
  listHeight,
  normalize,
  settle,
  placeholder,
}: Picking & { control: Control; labelId: string; type: string; initialValue: string }) {
  const { id, name, form, ...described } = control;
  const [fallback] = useState(() => fallbackState(id));
  const [chosen, setChosen] = useState(() => fallback?.value ?? initialValue);
  const [ownText, setOwnText] = useState(() => (strict ? labelOf(choices, chosen) : chosen));
  const text = !strict && value !== undefined ? value : ownText;
  /** What was typed since a choice was last made; null lists every choice. */
  const [query, setQuery] = useState<string | null>(null);
  const items = query === null ? [...choices] : match ? match(query) : matchChoices(choices, query);
  const posted = strict ? chosen : text;
  const selectedItem = choices.find((choice) => choice.value === posted) ?? null;
  /** How many times a choice (not typing) changed the value: each time the form is told. */
  const [picks, setPicks] = useState(0);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const hiddenRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!fallback) return;
    // What was typed before the page's script ran is kept, and so is the focus.
    if (!strict && value !== undefined && fallback.value !== value) onValueChange?.(fallback.value);
    if (fallback.focused) inputRef.current?.focus();
    // Once, as the combobox replaces the server's control.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // The form (Conform) hears of a value chosen as of one typed, and checks it again.
    if (picks) (strict ? hiddenRef : inputRef).current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [picks, strict]);

  function setText(next: string) {
    if (strict || value === undefined) setOwnText(next);
    if (!strict) onValueChange?.(next);
  }

  /** The field's text once it is left: a strict field shows its choice or nothing; another is settled. */
  function leave(current: string): string {
    if (strict) return labelOf(choices, exactChoice(choices, current)?.value ?? chosen);
    return settle ? settle(current) : current;
  }

  function stateReducer(state: UseComboboxState<Choice>, { type: action, changes }: UseComboboxStateChangeOptions<Choice>) {
    switch (action) {
      case change.InputChange: {
        const typed = normalize ? normalize(changes.inputValue ?? "") : (changes.inputValue ?? "");
        // A strict field moves to the first match as it is typed (Enter or Tab takes it); a free
        // one only by the arrows. With nothing typed there is nothing to take: the field stays empty.
        return { ...changes, inputValue: typed, highlightedIndex: strict && typed.trim() ? 0 : -1 };
      }
      case change.InputKeyDownEscape:
        // Escape closes the list and keeps what was typed.
        return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
      case change.ControlledPropUpdatedSelectedItem:
        return { ...changes, inputValue: state.inputValue };
      case change.InputBlur:
        // Leaving with an option moved to takes it (Tab accepts it); otherwise the field settles.
        return changes.selectedItem && changes.selectedItem !== state.selectedItem
          ? changes
          : { ...changes, inputValue: leave(state.inputValue) };
      default:
        return changes;
    }
  }

  const {
    isOpen,
    highlightedIndex,
    getInputProps: comboboxProps,
    getMenuProps,
    getItemProps,
  } = useCombobox<Choice>({
    items,
    inputId: id,
    labelId,
    menuId: `${id}-listbox`,
    getItemId: (index) => `${id}-option-${index}`,
    itemToString: (choice) => (choice ? (strict ? choiceText(choice) : choice.value) : ""),
    itemToKey: (choice) => choice?.value,
    inputValue: text,
    selectedItem,
    stateReducer,
    // Told after the render (typing is taken in `onChange`, at once, so no keystroke is lost).
    onStateChange({ type: action, inputValue, selectedItem: picked }) {
      if (action === change.InputChange) return;
      if (inputValue !== undefined) {
        setQuery(null);
        setText(inputValue);
      }
      if (strict && picked !== undefined) setChosen(picked?.value ?? "");
      else if (strict && inputValue !== undefined) setChosen(exactChoice(choices, inputValue)?.value ?? "");
      if (picked !== undefined || inputValue !== undefined) setPicks((count) => count + 1);
    },
  });

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const typed = normalize ? normalize(input.value) : input.value;
    if (typed !== input.value) {
      // Shown as normalized where it was typed: the caret stays.
      const caret = input.selectionStart;
      input.value = typed;
      if (caret !== null) input.setSelectionRange(caret, caret);
    }
    setQuery(typed);
    setText(typed);
    // A strict field posts a choice only while its text is one.
    if (strict) setChosen(exactChoice(choices, typed)?.value ?? "");
  }

  const expanded = isOpen && items.length > 0;
  const empty = isOpen && items.length === 0;
  return (
    <div className="relative">
      <input
        {...comboboxProps({
          ref: inputRef,
          ...described,
          type,
          name: strict ? undefined : name,
          form,
          placeholder,
          className: inputStyles,
          "aria-expanded": expanded,
          "aria-activedescendant": expanded && highlightedIndex >= 0 ? `${id}-option-${highlightedIndex}` : undefined,
          onChange,
          onBlur() {
            // Left with the list closed: the field settles (downshift settles an open one).
            if (isOpen) return;
            const left = leave(text);
            if (left === text) return;
            setText(left);
            if (strict) setChosen(exactChoice(choices, left)?.value ?? "");
            setPicks((count) => count + 1);
          },
        })}
      />
      {strict ? <input ref={hiddenRef} type="hidden" name={name} form={form} value={chosen} /> : null}
      {/* A combobox's own list needs no name of its own (the combobox has it). */}
      <ul {...getMenuProps({ "aria-labelledby": undefined })} hidden={!expanded} className={`${POPUP} ${LIST_HEIGHT[listHeight]}`}>
        {expanded
          ? items.map((item, index) => (
              <li
                key={item.value}
                {...getItemProps({ item, index })}
                className={`flex min-h-11 cursor-pointer items-center px-3 py-2 text-base ${
                  index === highlightedIndex ? "bg-brand-50 text-brand-900" : "text-slate-900"
                } ${item.value === posted ? "font-semibold" : ""}`}
              >
                {choiceText(item)}
              </li>
            ))
          : null}
      </ul>
      <p role="status" className={empty ? `${POPUP} px-3 py-2 text-base text-slate-700` : "sr-only"}>
        {empty ? emptyText : ""}
      </p>
    </div>
  );
}

/**
 * What the server sends, and what stays without JavaScript: a select of the choices for a strict
 * field, else an input with the browser's own suggestions (a datalist).
 */
function FallbackControl({
  control,
  type,
  initialValue,
  choices,
  strict,
  placeholder,
  maxLength,
}: Pick<Picking, "choices" | "strict" | "placeholder"> & { control: Control; type: string; initialValue: string; maxLength?: number }) {
  const marker = { [FALLBACK]: "" };
  if (strict) {
    return (
      <select {...control} {...marker} defaultValue={initialValue} className={inputStyles}>
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choiceText(choice)}
          </option>
        ))}
      </select>
    );
  }
  const listId = `${control.id}-options`;
  return (
    <>
      <input
        {...control}
        {...marker}
        type={type}
        defaultValue={initialValue}
        list={listId}
        autoComplete="off"
        placeholder={placeholder}
        maxLength={maxLength}
        className={inputStyles}
      />
      <datalist id={listId}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

/**
 * A labelled picker bound to a Conform field: the combobox once the page's script runs, a select
 * or an input with suggestions before (and without JavaScript), so the form always posts.
 * `fallbackMaxLength` limits what can be typed without JavaScript (a state's code), where a name
 * cannot become its code.
 */
export function ComboboxField<Schema>({
  label,
  field,
  type = "text",
  fallbackMaxLength,
  ...picking
}: Picking & { label: string; field: FormField<Schema>; type?: "text" | "search"; fallbackMaxLength?: number }) {
  const hydrated = useHydrated();
  const { defaultValue, ...attributes } = picking.strict ? getSelectProps(field) : getInputProps(field, { type });
  const control: Control = {
    id: field.id,
    name: field.name,
    form: attributes.form,
    required: attributes.required,
    "aria-invalid": attributes["aria-invalid"],
    "aria-describedby": attributes["aria-describedby"],
  };
  const initialValue = picking.value ?? (typeof defaultValue === "string" ? defaultValue : "");
  return (
    <LabelledField label={label} field={field}>
      {hydrated ? (
        <Combobox key={field.key} {...picking} control={control} labelId={labelIdOf(field.id)} type={type} initialValue={initialValue} />
      ) : (
        <FallbackControl {...picking} control={control} type={type} initialValue={initialValue} maxLength={fallbackMaxLength} />
      )}
    </LabelledField>
  );
}
