import { Link, useNavigation } from "@remix-run/react";
import { buttonStyles } from "./styles";

/** Cancel (back to `cancelTo`) and the form's submit button, disabled while a form is being sent. */
export function FormActions({ cancelTo, submitLabel }: { cancelTo: string; submitLabel: string }) {
  const navigation = useNavigation();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link to={cancelTo} className={buttonStyles.secondary}>
        Cancel
      </Link>
      <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
        {submitLabel}
      </button>
    </div>
  );
}

/** The errors of a form as a whole (not of one field), in one alert. */
export function FormAlert({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}

/** The options of an account select: "Select an account" (none), then each account by its label. */
export function AccountOptions({ accounts }: { accounts: { id: number; label: string }[] }) {
  return (
    <>
      <option value="">Select an account</option>
      {accounts.map((account) => (
        <option key={account.id} value={account.id}>
          {account.label}
        </option>
      ))}
    </>
  );
}

/**
 * The submit button of a form that sends itself as its fields change: shown only without
 * JavaScript, where nothing else would send it.
 */
export function SubmitWithoutScript({ label, primary = false }: { label: string; primary?: boolean }) {
  return (
    <noscript>
      <button type="submit" className={primary ? buttonStyles.primary : buttonStyles.secondary}>
        {label}
      </button>
    </noscript>
  );
}
