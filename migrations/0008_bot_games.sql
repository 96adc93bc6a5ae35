CREATE TABLE "bot_games" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"level" text NOT NULL,
	"seed" integer NOT NULL,
	"next_move_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_games" ADD CONSTRAINT "bot_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_games" ADD CONSTRAINT "bot_games_player_id_game_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."game_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_games_due_idx" ON "bot_games" USING btree ("next_move_at") WHERE "bot_games"."next_move_at" IS NOT NULL;