import type { LinksFunction } from "@remix-run/cloudflare";
import { Printer } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { buttonStyles } from "#app/components/ui/styles";
import styles from "./manual.css?url";
import { ADMIN_FEATURES, ADMIN_GUIDE, AUDIT_LOGS, YARD } from "./manual-admin";
import { GENERAL_GUIDE } from "./manual-everyone";
import { FEATURES } from "./manual-features";
import { contactUs, TROUBLESHOOTING } from "./manual-help";
import type { ManualContext, ManualPart } from "./manual-parts";
import type { ManualSection, ManualSectionId, SupportContact } from "./manual-sections";

/**
 * The user manual, one place for both pages that show it: the manual (/how-to) and the public
 * guide (/guide, the General Guide alone). Each section is a list of parts (manual-everyone,
 * manual-admin, manual-help); a part is a heading with its own anchor in the table of contents.
 */

const PARTS: Record<ManualSectionId, (context: ManualContext) => ManualPart[]> = {
  "general-guide": () => GENERAL_GUIDE,
  features: () => FEATURES,
  "admin-guide": () => ADMIN_GUIDE,
  "admin-features": () => ADMIN_FEATURES,
  yard: () => YARD,
  "audit-logs": () => AUDIT_LOGS,
  troubleshooting: () => TROUBLESHOOTING,
  "contact-us": contactUs,
};

/**
 * The manual's page body: a table of contents with an anchor for every section and part, then
 * the sections. `sections` are the reader's (see `manualSectionsFor`).
 */
export function ManualBody({ sections, support }: { sections: ManualSection[]; support: SupportContact | null }) {
  const context = { support };
  const contents = sections.map((section) => ({ ...section, parts: PARTS[section.id](context) }));
  return (
    <>
      <nav aria-labelledby="manual-contents" className="manual-contents mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="manual-contents" className="text-base font-semibold">
          Contents
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {contents.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {section.title}
              </a>
              <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-slate-700">
                {section.parts.map((part) => (
                  <li key={part.id}>
                    <a href={`#${part.id}`} className="underline-offset-2 hover:underline">
                      {part.title}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </nav>
      {contents.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="manual-section mt-8">
          <h2 id={section.id} className="scroll-mt-20 border-b border-slate-300 pb-1 text-xl font-semibold">
            {section.title}
          </h2>
          {section.parts.map((part) => (
            <div key={part.id} className="mt-4">
              <h3 id={part.id} className="scroll-mt-20 text-lg font-semibold">
                {part.title}
              </h3>
              <div className="mt-2 space-y-3 leading-relaxed text-slate-800">{part.body}</div>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

/** The manual's print styles: no header, no picture cut across two pages. */
export const manualLinks: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/**
 * Print, once the page's script runs. Pictures further down load as they are scrolled to; before
 * printing they are all loaded, so the paper has every one.
 */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    const loadEveryImage = () => {
      for (const image of document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")) image.loading = "eager";
    };
    window.addEventListener("beforeprint", loadEveryImage);
    return () => window.removeEventListener("beforeprint", loadEveryImage);
  }, []);
  if (!ready) return null;
  return (
    <button type="button" onClick={() => window.print()} className={`${buttonStyles.secondary} manual-no-print`}>
      <Printer aria-hidden className="mr-1.5 h-4 w-4" />
      Print
    </button>
  );
}

/** A page of the manual: its heading, what it is for, a Print button, the contents and the sections. */
export function ManualArticle({
  title,
  lead,
  sections,
  support,
  children,
}: {
  title: string;
  lead: ReactNode;
  sections: ManualSection[];
  support: SupportContact | null;
  /** Shown after the sections. */
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl break-words pb-12">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <PrintButton />
      </div>
      <div className="mt-2 text-slate-700">{lead}</div>
      <ManualBody sections={sections} support={support} />
      {children}
    </article>
  );
}
