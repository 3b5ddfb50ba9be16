import { Form } from "@remix-run/react";
import { CsrfInput } from "./csrf-input";
import { buttonStyles } from "#app/components/ui/styles";
import { BlockingDialog } from "#app/components/ui/modal";
import { REPLACE_OTHER_SESSION, type SessionInfo } from "#app/domain/auth";
import { describeDevice } from "#app/domain/devices";
import { LocalTime } from "#app/components/ui/local-time";

/**
 * "Account Already Logged In": the other session (device, IP address, login time, last activity),
 * Cancel, and Log Out Other Session. The server renders it open and both buttons are plain forms
 * (Cancel: back to an empty login page), so it works without JavaScript; with it, Cancel just
 * closes the dialog and the login form keeps what was typed.
 */
export function OtherSessionDialog({ other, onCancel, busy }: { other: SessionInfo | null; onCancel: () => void; busy: boolean }) {
  return (
    <BlockingDialog
      inline
      open={Boolean(other)}
      title="Account Already Logged In"
      actions={
        <>
          <form method="get" action="/login">
            <button
              type="submit"
              className={buttonStyles.secondary}
              onClick={(event) => {
                event.preventDefault();
                onCancel();
              }}
            >
              Cancel
            </button>
          </form>
          <Form method="post">
            <CsrfInput />
            <button type="submit" name="intent" value={REPLACE_OTHER_SESSION} className={buttonStyles.danger} disabled={busy}>
              Log Out Other Session
            </button>
          </Form>
        </>
      }
    >
      <p>This account is already logged in on another device:</p>
      {other ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">Device</dt>
          <dd>{describeDevice(other.user_agent)}</dd>
          <dt className="font-medium">IP address</dt>
          <dd>{other.ip_address ?? "Unknown"}</dd>
          <dt className="font-medium">Login time</dt>
          <dd>
            <LocalTime iso={other.login_time} />
          </dd>
          <dt className="font-medium">Last activity</dt>
          <dd>
            <LocalTime iso={other.last_activity} />
          </dd>
        </dl>
      ) : null}
      <p className="mt-3">Log out the other session and continue here?</p>
    </BlockingDialog>
  );
}
