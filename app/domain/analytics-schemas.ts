/**
 * The admin analytics' query string (`/admin/dashboard`, `GET /api/admin/analytics`), parsed by
 * the HTTP layer into the `AnalyticsQuery` the service takes. In a module of its own, so the pages
 * that show the analytics load no Zod.
 */
import { z } from "zod";
import { ANALYTICS_MESSAGES, ANALYTICS_PERIODS, type AnalyticsQuery } from "./analytics";
import "./fields";
import { idParam } from "./ids";
import { timeZoneOrUtc } from "./time-zones";

/**
 * `period` (today when left out; 400 for anything but the three), `company_id` (or `company`),
 * `account_id` (or `account`): an id that is no id is no filter; `tz`: the viewer's time zone
 * (UTC when unknown).
 */
export const ANALYTICS_QUERY = z
  .object({
    period: z.enum(ANALYTICS_PERIODS, { error: ANALYTICS_MESSAGES.badPeriod }).default("today"),
    company_id: z.string().optional(),
    company: z.string().optional(),
    account_id: z.string().optional(),
    account: z.string().optional(),
    tz: z.string().optional(),
  })
  .transform((query): AnalyticsQuery => ({
    period: query.period,
    companyId: idParam(query.company_id ?? query.company),
    accountId: idParam(query.account_id ?? query.account),
    timeZone: timeZoneOrUtc(query.tz),
  }));
