-- The sums of the daily rows a site has counted so far. The tables are new, so a row already there can only be one
-- this statement wrote: nothing to add to it.
INSERT INTO "download_episode_days" ("episode_id", "day", "downloads", "through")
SELECT "episode_id", "day", sum("downloads"),
  sum(sum("downloads")) OVER (PARTITION BY "episode_id" ORDER BY "day")
FROM "download_days" GROUP BY "episode_id", "day"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "download_breakdown_days" ("dimension", "value", "day", "downloads")
SELECT 'app', "app", "day", sum("downloads") FROM "download_days" GROUP BY "app", "day"
UNION ALL SELECT 'platform', "platform", "day", sum("downloads") FROM "download_days" GROUP BY "platform", "day"
UNION ALL SELECT 'device', "device", "day", sum("downloads") FROM "download_days" GROUP BY "device", "day"
UNION ALL SELECT 'country', "country", "day", sum("downloads") FROM "download_days" GROUP BY "country", "day"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Sets `through` of an episode's days from `from_day` on to the downloads of that day and every day before, from the
-- last day before `from_day`, whose own is already right: after downloads of `from_day` or later were added or taken
-- away. Called by addToDailyRows and by the trigger below, under a lock on the episode (see addToDailyRows).
CREATE FUNCTION "download_episode_running_totals"(changed_episode integer, from_day date) RETURNS void
LANGUAGE sql AS $$
  UPDATE "download_episode_days" AS summed SET "through" = running."through"
  FROM (
    SELECT later."day",
      coalesce((
        SELECT earlier."through" FROM "download_episode_days" AS earlier
        WHERE earlier."episode_id" = changed_episode AND earlier."day" < from_day
        ORDER BY earlier."day" DESC LIMIT 1
      ), 0) + sum(later."downloads") OVER (ORDER BY later."day") AS "through"
    FROM "download_episode_days" AS later
    WHERE later."episode_id" = changed_episode AND later."day" >= from_day
  ) AS running
  WHERE summed."episode_id" = changed_episode AND summed."day" = running."day" AND summed."through" <> running."through";
$$;
--> statement-breakpoint
-- Daily rows are added only by addToDailyRows, which adds to these sums in the same transaction; they leave when their
-- episode is deleted (a cascade no application code sees) or by hand, so the sums lose them here, in the deleting
-- statement, and a sum that reaches nothing goes as a daily row would.
CREATE FUNCTION "download_days_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727202560, "episode_id") FROM (SELECT DISTINCT "episode_id" FROM removed) AS episodes
  ORDER BY "episode_id";
  UPDATE "download_episode_days" AS summed SET "downloads" = summed."downloads" - gone."downloads"
  FROM (SELECT "episode_id", "day", sum("downloads") AS "downloads" FROM removed GROUP BY "episode_id", "day") AS gone
  WHERE summed."episode_id" = gone."episode_id" AND summed."day" = gone."day";
  DELETE FROM "download_episode_days" AS summed USING removed
  WHERE summed."downloads" = 0 AND summed."episode_id" = removed."episode_id" AND summed."day" = removed."day";
  PERFORM "download_episode_running_totals"("episode_id", min("day")) FROM removed GROUP BY "episode_id";

  UPDATE "download_breakdown_days" AS summed SET "downloads" = summed."downloads" - gone."downloads"
  FROM (
    SELECT 'app' AS "dimension", "app" AS "value", "day", sum("downloads") AS "downloads" FROM removed GROUP BY "app", "day"
    UNION ALL SELECT 'platform', "platform", "day", sum("downloads") FROM removed GROUP BY "platform", "day"
    UNION ALL SELECT 'device', "device", "day", sum("downloads") FROM removed GROUP BY "device", "day"
    UNION ALL SELECT 'country', "country", "day", sum("downloads") FROM removed GROUP BY "country", "day"
  ) AS gone
  WHERE summed."dimension" = gone."dimension" AND summed."day" = gone."day" AND summed."value" = gone."value";
  DELETE FROM "download_breakdown_days" AS summed
  WHERE summed."downloads" = 0 AND summed."day" IN (SELECT "day" FROM removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "download_days_removed" AFTER DELETE ON "download_days"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "download_days_removed"();
