ALTER TABLE "daily_leader_snapshots" ADD COLUMN "solves" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_leader_snapshots" ADD COLUMN "solves_counted" bigint DEFAULT 0 NOT NULL;