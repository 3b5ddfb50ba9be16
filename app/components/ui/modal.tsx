import * as Dialog from "@radix-ui/react-dialog";
import { Fragment, useId } from "react";

/**
 * A dialog that only its own buttons close (no click outside, no Escape): for the session
 * dialogs, which must be answered. `inline` renders it in place instead of in a portal, so the
 * server sends it open and it works without JavaScript.
 */
export function BlockingDialog({
  open,
  title,
  children,
  actions,
  inline = false,
}: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  actions: React.ReactNode;
  inline?: boolean;
}) {
  const Container = inline ? Fragment : Dialog.Portal;
  // Named by its title on the server too (Radix links the title only once mounted).
  const titleId = useId();
  return (
    <Dialog.Root open={open}>
      <Container>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-labelledby={titleId}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-x-3 top-[15vh] z-50 mx-auto max-w-md rounded-lg bg-white p-5 shadow-xl"
        >
          <Dialog.Title id={titleId} className="text-lg font-semibold">
            {title}
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-slate-700">{children}</div>
          </Dialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">{actions}</div>
        </Dialog.Content>
      </Container>
    </Dialog.Root>
  );
}
