import type { Queryable } from "../db/pool";

export type UsageEvent = {
  eventName: string;
  commonType?: string | null;
  commonContent: string;
  sourceClient: "desktop_web" | "mobile_web" | "server";
  anonymousUserId?: string | null;
  userId?: string | null;
  userType?: string | null;
};

export async function insertUsageEvent(db: Queryable, e: UsageEvent): Promise<void> {
  await db.query(
    `INSERT INTO usage_events (event_name, common_type, common_content, source_client, anonymous_user_id, user_id, user_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.eventName, e.commonType ?? null, e.commonContent, e.sourceClient, e.anonymousUserId ?? null, e.userId ?? null, e.userType ?? null],
  );
}
