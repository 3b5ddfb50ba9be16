/** The migrated database every test database is cloned from. */
export const TEMPLATE_DATABASE = "yardline_template";
