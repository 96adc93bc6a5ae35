DROP INDEX "challenges_sender_answered_idx";--> statement-breakpoint
DROP INDEX "friend_requests_sender_answered_idx";--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "sender_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD COLUMN "sender_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "challenges_sender_answered_idx" ON "challenges" USING btree ("sender_id","responded_at") WHERE "challenges"."responded_at" IS NOT NULL AND "challenges"."sender_seen_at" IS NULL;--> statement-breakpoint
CREATE INDEX "friend_requests_sender_answered_idx" ON "friend_requests" USING btree ("sender_id","responded_at") WHERE "friend_requests"."responded_at" IS NOT NULL AND "friend_requests"."sender_seen_at" IS NULL;--> statement-breakpoint
-- Answers from before this record existed were shown within their 5 minutes, or never will be:
-- the window grows to a day with this column, and they must not come back as news.
UPDATE "challenges" SET "sender_seen_at" = "responded_at" WHERE "responded_at" < now() - interval '5 minutes';--> statement-breakpoint
UPDATE "friend_requests" SET "sender_seen_at" = "responded_at" WHERE "responded_at" < now() - interval '5 minutes';
