/** The end-to-end server: the built Worker under `wrangler dev`, with its own fresh, seeded database. */
export const E2E_PORT = Number(process.env.E2E_PORT) || 8788;
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT) || 54339;
export const E2E_DATABASE_URL = `postgres://postgres:yardline@127.0.0.1:${E2E_PG_PORT}/yardline`;
