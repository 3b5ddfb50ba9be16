/** `npm run db:migrate`: applies migrations to DATABASE_URL (a system Postgres, Neon). */
import { applyMigrations } from "#scripts/lib/migrate";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL to the database to migrate (npm start migrates the embedded one itself).");
  process.exit(1);
}
await applyMigrations(url);
console.log("Migrations applied.");
