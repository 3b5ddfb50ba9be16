import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Axe's verdict on the page as it stands: no violations. */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}
