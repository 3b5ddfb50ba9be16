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
export function SubmitWithoutScript({
  label,
  primary = false,
  name,
  value,
  className = "",
}: {
  label: string;
  primary?: boolean;
  /** A named button: the action tells it from the form's own submit. */
  name?: string;
  value?: string;
  className?: string;
}) {
  return (
    <noscript>
      <button type="submit" name={name} value={value} className={`${primary ? buttonStyles.primary : buttonStyles.secondary} ${className}`}>
        {label}
      </button>
    </noscript>
  );
}

/**
 * Enter in a field sends a form as its first submit button does. A form whose first submit
 * button, shown without JavaScript, does something else (loads choices) starts with this one,
 * hidden, so Enter still sends the form itself.
 */
export function DefaultSubmitWithoutScript() {
  return (
    <noscript>
      <button type="submit" hidden tabIndex={-1} />
    </noscript>
  );
}
