import { createServer } from "node:net";

/** Whether `port` on 127.0.0.1 can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * A free port for a second `scripts/start.ts`, whose debugger listens 20,000 above it: both are
 * free, so a test's server never collides with another instance on the machine.
 */
export async function freeAppPort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * 20_000);
    if ((await canListen(port)) && (await canListen(port + 20_000))) return port;
  }
  throw new Error("no free port pair for the app and its debugger");
}
