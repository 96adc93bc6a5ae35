CREATE TABLE "daily_reminders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hour" integer NOT NULL,
	"time_zone" text NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"last_sent_day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_reminders" ADD CONSTRAINT "daily_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_reminders_due_idx" ON "daily_reminders" USING btree ("next_due_at");--> statement-breakpoint
-- The reminder job sleeps until the earliest due reminder: a reminder turned on or moved is
-- announced to every node at commit (LISTEN jotto_daily_reminders), in milliseconds since the
-- epoch. The job's own moves to the next day announce a later moment, which wakes nobody.
CREATE FUNCTION "jotto_daily_reminders_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jotto_daily_reminders', floor(extract(epoch FROM NEW.next_due_at) * 1000)::bigint::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_reminders_due_notify" AFTER INSERT OR UPDATE OF "next_due_at" ON "daily_reminders"
  FOR EACH ROW EXECUTE FUNCTION "jotto_daily_reminders_notify"();
