import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useState } from "react";
import { TERMS_EFFECTIVE_DATE } from "#app/domain/auth";
import { buttonStyles } from "#app/components/ui/styles";

/**
 * The terms of use. Read-only with a Close button, or — with `onAccept` — with an acceptance
 * checkbox, Cancel and Accept.
 */
export function TermsDialog({
  trigger,
  onAccept,
  open: controlledOpen,
  onOpenChange,
}: {
  trigger?: React.ReactNode;
  onAccept?: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const [accepted, setAccepted] = useState(false);
  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
    setAccepted(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-3 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-2xl flex-col rounded-lg bg-white shadow-xl">
          <div className="flex items-center justify-between border-b p-4">
            <Dialog.Title className="text-lg font-semibold">Terms of Use</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 hover:bg-slate-100">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="px-4 pt-3 text-sm text-slate-600">Version effective {TERMS_EFFECTIVE_DATE}</Dialog.Description>
          <div className="space-y-3 overflow-y-auto p-4 text-sm leading-relaxed text-slate-700">
            <p>
              Yardline is provided to your company to track its trailers, trucks, yards, buildings and trailer moves. By logging in you
              agree to use it only for your company&apos;s yard operations and only within the access your role gives you.
            </p>
            <p>
              Keep your password to yourself. Every change you make is recorded in the audit log with your alpha code. Your account may be
              signed in on one device at a time; signing in elsewhere ends the other session.
            </p>
            <p>
              Sessions end after a period of inactivity set by your administrator. Data you enter belongs to your company and is retained
              according to its agreement with Yardline.
            </p>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2 border-t p-4">
            {onAccept ? (
              <>
                <label className="mr-auto flex items-center gap-2 text-sm">
                  <input type="checkbox" className="h-5 w-5" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />I
                  have read and accept the Terms of Use
                </label>
                <Dialog.Close className={buttonStyles.secondary}>Cancel</Dialog.Close>
                <button
                  type="button"
                  disabled={!accepted}
                  className={buttonStyles.primary}
                  onClick={() => {
                    onAccept();
                    setOpen(false);
                  }}
                >
                  Accept
                </button>
              </>
            ) : (
              <Dialog.Close className={buttonStyles.primary}>Close</Dialog.Close>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
