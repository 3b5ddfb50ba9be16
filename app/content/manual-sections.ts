/**
 * The user manual's sections, who reads each, and the support contact of its Contact Us: pure
 * rules shared by the manual (/how-to) and the public guide (/guide).
 */

export const MANUAL_SECTIONS = [
  { id: "general-guide", title: "General Guide", audience: "public" },
  { id: "features", title: "Features", audience: "signed_in" },
  { id: "admin-guide", title: "Admin Guide", audience: "admin" },
  { id: "admin-features", title: "Admin Features", audience: "admin" },
  { id: "yard", title: "Yard", audience: "signed_in" },
  { id: "audit-logs", title: "Audit Logs", audience: "admin" },
  { id: "troubleshooting", title: "Troubleshooting", audience: "signed_in" },
  { id: "contact-us", title: "Contact Us", audience: "signed_in" },
] as const;

export type ManualSection = (typeof MANUAL_SECTIONS)[number];
export type ManualSectionId = ManualSection["id"];

/**
 * The sections a reader gets, in the manual's order: a signed-out visitor (null) the General Guide
 * only; a signed-in user every section but the admin ones; an admin all of them.
 */
export function manualSectionsFor(reader: { isAdmin: boolean } | null): ManualSection[] {
  return MANUAL_SECTIONS.filter((section) => {
    if (section.audience === "public") return true;
    if (!reader) return false;
    return section.audience === "signed_in" || reader.isAdmin;
  });
}

export interface SupportContact {
  email: string | null;
  phone: string | null;
}

/** The support contact the Worker is configured with (`SUPPORT_EMAIL`, `SUPPORT_PHONE`); null when neither is set. */
export function supportContact(env: { SUPPORT_EMAIL?: string; SUPPORT_PHONE?: string }): SupportContact | null {
  const email = env.SUPPORT_EMAIL?.trim() || null;
  const phone = env.SUPPORT_PHONE?.trim() || null;
  return email || phone ? { email, phone } : null;
}

/** A `tel:` address of a phone number as people write it: "+1 (555) 010-2030" → "tel:+15550102030". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;
}
