import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { TERMS_EFFECTIVE_DATE } from "~/domain/auth";

/** The terms of use, read-only with a Close button. */
export function TermsDialog({ trigger }: { trigger: React.ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-3 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-2xl flex-col rounded-lg bg-white shadow-xl">
          <div className="flex items-center justify-between border-b p-4">
            <Dialog.Title className="text-lg font-semibold">Terms of Use</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 hover:bg-slate-100">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="px-4 pt-3 text-sm text-slate-600">
            Version effective {TERMS_EFFECTIVE_DATE}
          </Dialog.Description>
          <div className="space-y-3 overflow-y-auto p-4 text-sm leading-relaxed text-slate-700">
            <p>
              Yardline is provided to your company to track its trailers, trucks, yards, buildings and trailer moves.
              By logging in you agree to use it only for your company&apos;s yard operations and only within the
              access your role gives you.
            </p>
            <p>
              Keep your password to yourself. Every change you make is recorded in the audit log with your alpha code.
              Your account may be signed in on one device at a time; signing in elsewhere ends the other session.
            </p>
            <p>
              Sessions end after a period of inactivity set by your administrator. Data you enter belongs to your
              company and is retained according to its agreement with Yardline.
            </p>
          </div>
          <div className="flex justify-end border-t p-4">
            <Dialog.Close className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
              Close
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
