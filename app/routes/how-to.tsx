import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ManualArticle, manualLinks } from "#app/content/manual";
import { manualSectionsFor, supportContact } from "#app/content/manual-sections";
import { ROLE_LABEL, roleOf } from "#app/domain/roles";
import { requirePage } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "User Manual · Yardline" }];

export const links = manualLinks;

/** The user manual: every signed-in user; the admin sections for admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  return {
    sections: manualSectionsFor(user),
    support: supportContact(context.cloudflare.env),
    role: ROLE_LABEL[roleOf(user)],
  };
}

export default function UserManual() {
  const { sections, support, role } = useLoaderData<typeof loader>();
  return (
    <ManualArticle
      title="User Manual"
      lead={
        <p>
          How to use Yardline, written for your role: <strong>{role}</strong>. Use the contents to jump to a section; Print gives a paper
          copy.
        </p>
      }
      sections={sections}
      support={support}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
