import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A form's picker (a combobox once the page's script runs), by its label. */
export function picker(page: Page, label: string): Locator {
  return page.getByRole("combobox", { name: label, exact: true });
}

/** An option of the picker list open now, by its text. */
export function option(page: Page, text: string): Locator {
  return page.getByRole("option", { name: text, exact: true });
}

/** Types `typed` into a picker and chooses `choice` from its list with the pointer, which closes it. */
export async function choose(page: Page, label: string, choice: string, typed = choice) {
  const box = picker(page, label);
  await box.fill(typed);
  await option(page, choice).click();
  await expect(box).toHaveAttribute("aria-expanded", "false");
}
