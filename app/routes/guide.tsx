import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonStyles } from "#app/components/ui/styles";
import { ManualArticle, manualLinks } from "#app/content/manual";
import { manualSectionsFor } from "#app/content/manual-sections";
import { MANUAL_PATH } from "#app/domain/route-access";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Getting Started · Yardline" }];

export const links = manualLinks;

/** The manual's General Guide for signed-out visitors; a signed-in visitor gets the whole manual. */
export async function loader({ context }: LoaderFunctionArgs) {
  const session = await context.session();
  if (session.state === "live") throw redirect(MANUAL_PATH);
  return null;
}

const SECTIONS = manualSectionsFor(null);

export default function PublicGuide() {
  return (
    <ManualArticle
      title="Getting Started with Yardline"
      lead={
        <p>
          Signing in, your session, and whom to ask for an account. Once signed in, the full user manual is under{" "}
          <strong>User Manual</strong> in the profile menu.
        </p>
      }
      sections={SECTIONS}
      support={null}
    >
      <p className="manual-no-print mt-8">
        <Link to="/login" className={buttonStyles.primary}>
          Go to Log In
        </Link>
      </p>
    </ManualArticle>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
