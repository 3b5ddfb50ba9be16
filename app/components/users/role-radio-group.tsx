import { ROLE_LABEL, type Role } from "#app/domain/roles";

/** Exactly one role: native radios, so the form works without JavaScript. */
export function RoleRadioGroup({
  name,
  roles,
  value,
  onChange,
  errorId,
}: {
  name: string;
  roles: Role[];
  value: Role | undefined;
  onChange: (role: Role) => void;
  errorId: string;
}) {
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-medium">Role</legend>
      <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {roles.map((role) => (
          <label
            key={role}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} className="h-4 w-4" />
            {ROLE_LABEL[role]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
