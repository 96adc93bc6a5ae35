ALTER TABLE "challenges" ADD COLUMN "rematch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "challenges_sender_answered_idx" ON "challenges" USING btree ("sender_id","responded_at") WHERE "challenges"."responded_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "friend_requests_sender_answered_idx" ON "friend_requests" USING btree ("sender_id","responded_at") WHERE "friend_requests"."responded_at" IS NOT NULL;