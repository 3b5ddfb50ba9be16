import { MESSAGES } from "#app/domain/auth";
import { buttonStyles } from "#app/components/ui/styles";
import { BlockingDialog } from "#app/components/ui/modal";

export type Ended = "invalidated" | "timeout" | "ended";
const ENDED_MESSAGE: Record<Ended, string> = {
  invalidated: MESSAGES.sessionInvalidated,
  timeout: MESSAGES.sessionTimedOut,
  ended: MESSAGES.sessionEnded,
};

/**
 * The session's two dialogs, loaded by `SessionManager` when one is due: the warning 30 s before
 * the inactivity timeout (`secondsLeft`), and the session's end (`ended`).
 */
export function SessionDialogs({
  secondsLeft,
  ended,
  onLogOut,
  onContinue,
}: {
  secondsLeft: number | null;
  ended: Ended | null;
  onLogOut: (reason?: Ended) => void;
  onContinue: () => void;
}) {
  return (
    <>
      <BlockingDialog
        open={secondsLeft !== null && !ended}
        title="Session Timeout Warning"
        actions={
          <>
            <button type="button" className={buttonStyles.secondary} onClick={() => onLogOut()}>
              Logout Now
            </button>
            <button type="button" className={buttonStyles.primary} onClick={onContinue}>
              Continue Session
            </button>
          </>
        }
      >
        <p>Your session is about to expire due to inactivity.</p>
        <p className="mt-2">
          You will be logged out in <strong data-testid="session-countdown">{secondsLeft}</strong> seconds.
        </p>
      </BlockingDialog>
      <BlockingDialog
        open={ended !== null}
        title={ended === "invalidated" ? "Session Invalidated" : "Session Ended"}
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => onLogOut(ended ?? undefined)}>
            Log Out
          </button>
        }
      >
        <p>{ended ? ENDED_MESSAGE[ended] : null}</p>
      </BlockingDialog>
    </>
  );
}
