DROP INDEX "game_players_user_idx";--> statement-breakpoint
CREATE INDEX "game_players_user_idx" ON "game_players" USING btree ("user_id","status");--> statement-breakpoint
-- Room on each page for the new row version of a guess's update (a HOT update), which the
-- schema file cannot express.
ALTER TABLE "game_players" SET (fillfactor = 85);
