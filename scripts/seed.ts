/** `npm run db:seed [-- --scale=N --audit-rows=N --history-moves=N]`: the demo data into DATABASE_URL, when it has no company yet. */
import { openDatabase } from "#app/lib/db.server";
import { seedDemoData } from "#db/seed";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL to the database to seed (npm start seeds the embedded one itself).");
  process.exit(1);
}
const scaleArg = process.argv.find((arg) => arg.startsWith("--scale="));
const scale = scaleArg ? Number(scaleArg.slice("--scale=".length)) : 1;
if (!Number.isInteger(scale) || scale < 1) {
  console.error("--scale must be a whole number of 1 or more");
  process.exit(1);
}

const auditArg = process.argv.find((arg) => arg.startsWith("--audit-rows="));
const auditRows = auditArg ? Number(auditArg.slice("--audit-rows=".length)) : 0;
if (!Number.isInteger(auditRows) || auditRows < 0) {
  console.error("--audit-rows must be a whole number");
  process.exit(1);
}

const historyArg = process.argv.find((arg) => arg.startsWith("--history-moves="));
const historyMoves = historyArg ? Number(historyArg.slice("--history-moves=".length)) : 0;
if (!Number.isInteger(historyMoves) || historyMoves < 0) {
  console.error("--history-moves must be a whole number");
  process.exit(1);
}

const database = openDatabase({ DATABASE_URL: url });
const started = Date.now();
try {
  const result = await seedDemoData(database.db, {
    password: process.env.SEED_PASSWORD ?? "Yardline#2025",
    scale,
    auditRows,
    historyMoves,
  });
  console.log(result.seeded ? `Seeded in ${Date.now() - started} ms:` : "The database already has data; nothing seeded.");
  console.table(result.counts);
} finally {
  await database.close();
}
