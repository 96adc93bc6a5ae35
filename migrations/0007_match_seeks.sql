CREATE TABLE "match_seeks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"rating" double precision NOT NULL,
	"seeking_since" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"game_id" integer,
	"paired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "match_seeks" ADD CONSTRAINT "match_seeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_seeks" ADD CONSTRAINT "match_seeks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_seeks_waiting_idx" ON "match_seeks" USING btree ("seeking_since") WHERE "match_seeks"."game_id" IS NULL;