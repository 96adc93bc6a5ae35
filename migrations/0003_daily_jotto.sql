CREATE TABLE "daily_leader_snapshots" (
	"day" date PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"entries" jsonb NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "daily_day" date;--> statement-breakpoint
CREATE UNIQUE INDEX "game_players_user_daily_key" ON "game_players" USING btree ("user_id","daily_day") WHERE "game_players"."daily_day" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "game_players_guest_daily_key" ON "game_players" USING btree ("guest_session_hash","daily_day") WHERE "game_players"."daily_day" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "game_players_daily_idx" ON "game_players" USING btree ("daily_day","status") WHERE "game_players"."daily_day" IS NOT NULL;