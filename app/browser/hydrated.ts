import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/** False while the server's page is being hydrated (and on the server), true once the page's script runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
