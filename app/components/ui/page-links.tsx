import { Link } from "@remix-run/react";
import { buttonStyles } from "./styles";

/**
 * Newer and Older links of a newest-first list longer than a page, with where the page stands
 * between them (plain links: they work without JavaScript). `label` names the list's pages, so
 * each list's links are a landmark of their own.
 */
export function NewerOlderLinks({
  label,
  newer,
  older,
  newerText = "Newer",
  olderText = "Older",
  children,
}: {
  label: string;
  /** The newer page's address; null on the newest. */
  newer: string | null;
  /** The older page's address; null on the oldest. */
  older: string | null;
  newerText?: string;
  olderText?: string;
  children?: React.ReactNode;
}) {
  if (!newer && !older) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      {newer ? (
        <Link to={newer} className={buttonStyles.secondary}>
          {newerText}
        </Link>
      ) : (
        <span />
      )}
      {children}
      {older ? (
        <Link to={older} className={buttonStyles.secondary}>
          {olderText}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
