import { lazy, type ComponentType } from "react";

/**
 * A component whose code loads when it is first rendered (`React.lazy`: render it inside
 * `<Suspense>`), with `preload` to start loading it sooner (a hover, a timer). Once its code is
 * here it renders at once, without suspending. The server loads it as soon as this module is
 * evaluated, so a page the server renders with it open (a dialog the URL opens) carries it in its
 * HTML and works without JavaScript; the browser then hydrates it when its code arrives.
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be tried again by the next render.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      // Already here: a thenable that answers at once, so React renders it without suspending.
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return preload().then((component) => ({ default: component }));
  });
  if (typeof document === "undefined") void preload().catch(() => undefined);
  return { Component, preload };
}
