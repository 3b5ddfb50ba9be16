import type { ReactNode } from "react";
import { IMAGE_SIZE, MANUAL_IMAGES, manualImageSrc, type ManualImageName } from "./manual-images";
import type { SupportContact } from "./manual-sections";

/** The pieces the manual's sections are written with (manual.tsx puts them together). */

export interface ManualPart {
  id: string;
  title: string;
  body: ReactNode;
}

export interface ManualContext {
  support: SupportContact | null;
}

/** A button, field or screen named as the product names it. */
export function Ui({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900">{children}</strong>;
}

/** A message as the product shows it. */
export function Says({ children }: { children: ReactNode }) {
  return <q className="italic">{children}</q>;
}

export function Figure({ name, caption }: { name: ManualImageName; caption: string }) {
  const image = MANUAL_IMAGES[name];
  const size = IMAGE_SIZE[image.device];
  return (
    <figure className={`manual-figure my-4 ${image.device === "phone" ? "manual-figure-phone mx-auto max-w-[260px]" : ""}`}>
      <img
        src={manualImageSrc(name)}
        alt={image.alt}
        width={size.width}
        height={size.height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-md border border-slate-200 bg-white shadow-sm"
      />
      <figcaption className="mt-1 text-center text-xs text-slate-600">{caption}</figcaption>
    </figure>
  );
}

export function Table({ headings, rows }: { headings: [string, string]; rows: [ReactNode, ReactNode][] }) {
  return (
    <table className="my-3 w-full border-collapse text-left text-sm">
      <thead>
        <tr className="border-b border-slate-300">
          {headings.map((heading) => (
            <th key={heading} scope="col" className="py-1.5 pr-3 align-bottom font-semibold">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([term, meaning], index) => (
          <tr key={index} className="border-b border-slate-200 align-top">
            <th scope="row" className="py-1.5 pr-3 font-medium">
              {term}
            </th>
            <td className="py-1.5">{meaning}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A question of Troubleshooting and its answer. */
export function Question({ asked, children }: { asked: string; children: ReactNode }) {
  return (
    <div className="manual-keep my-4">
      <h4 className="font-semibold">{asked}</h4>
      <div className="mt-1 space-y-2">{children}</div>
    </div>
  );
}
