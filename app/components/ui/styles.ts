/** The styles of buttons and inputs shared by pages and dialogs (no component code: a page imports them alone). */
export const buttonStyles = {
  primary:
    "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50",
  danger:
    "inline-flex min-h-11 items-center justify-center rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-50",
};

export const inputStyles = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-base";
