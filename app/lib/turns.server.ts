/**
 * One isolate serves many requests at once, each running only while the others wait. Work that
 * grows with a request's input (reading an uploaded file, checking its rows) takes turns: it
 * awaits `nextTurn()` every so often, a timer of 0 ms, so requests that arrived meanwhile run
 * before it goes on.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
