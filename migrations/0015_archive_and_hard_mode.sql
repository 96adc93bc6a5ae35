ALTER TABLE "users" ADD COLUMN "hard_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "archive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "hard" boolean DEFAULT false NOT NULL;