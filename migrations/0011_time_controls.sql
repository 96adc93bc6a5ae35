ALTER TABLE "game_players" ADD COLUMN "out_of_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "time_control" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "abort_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "aborted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "clock_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "time_control" text DEFAULT '3d' NOT NULL;--> statement-breakpoint
ALTER TABLE "match_seeks" ADD COLUMN "last_opponent_id" integer;--> statement-breakpoint
ALTER TABLE "match_seeks" ADD CONSTRAINT "match_seeks_last_opponent_id_users_id_fk" FOREIGN KEY ("last_opponent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_clock_due_idx" ON "games" USING btree ("clock_due_at") WHERE "games"."clock_due_at" IS NOT NULL;--> statement-breakpoint
-- Every node's game clock sleeps until the nearest due moment: each new one is announced to
-- every node at commit (LISTEN jotto_game_clock), in milliseconds since the epoch.
CREATE FUNCTION "jotto_game_clock_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jotto_game_clock', floor(extract(epoch FROM NEW.clock_due_at) * 1000)::bigint::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "games_clock_due_notify" AFTER INSERT OR UPDATE OF "clock_due_at" ON "games"
  FOR EACH ROW WHEN (NEW.clock_due_at IS NOT NULL) EXECUTE FUNCTION "jotto_game_clock_notify"();--> statement-breakpoint
-- Versus games in play before time controls: three days from now, and no abort.
UPDATE "games" SET "time_control" = '3d', "deadline" = now() + interval '3 days',
  "clock_due_at" = now() + interval '3 days'
  WHERE "mode" = 'versus' AND "settled_at" IS NULL;--> statement-breakpoint
-- Dailies in play: the end of their day (UTC).
UPDATE "games" SET "deadline" = ("game_players"."daily_day" + 1)::timestamp AT TIME ZONE 'UTC',
  "clock_due_at" = ("game_players"."daily_day" + 1)::timestamp AT TIME ZONE 'UTC'
  FROM "game_players"
  WHERE "game_players"."game_id" = "games"."id" AND "game_players"."daily_day" IS NOT NULL
    AND "games"."settled_at" IS NULL;
