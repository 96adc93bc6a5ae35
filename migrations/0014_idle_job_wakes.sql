-- Jobs that sleep while nothing is due (an idle cluster runs no query), woken at commit by what
-- makes them due, as the game clock is (0011): a computer's move that anyone may make, and a
-- seek in the 'Play now' queue.
CREATE FUNCTION "jotto_bot_moves_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jotto_bot_moves', floor(extract(epoch FROM NEW.next_move_at) * 1000)::bigint::text);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A claim (a lease set) announces nothing: a node that stops mid-move leaves its lease's end to
-- the nodes that read it when they last looked for moves.
CREATE TRIGGER "bot_games_move_due_notify" AFTER INSERT OR UPDATE OF "next_move_at", "lease_until" ON "bot_games"
  FOR EACH ROW WHEN (NEW.next_move_at IS NOT NULL AND NEW.lease_until IS NULL)
  EXECUTE FUNCTION "jotto_bot_moves_notify"();--> statement-breakpoint
CREATE FUNCTION "jotto_match_queue_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jotto_match_queue', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "match_seeks_waiting_notify" AFTER INSERT OR UPDATE ON "match_seeks"
  FOR EACH ROW WHEN (NEW.game_id IS NULL) EXECUTE FUNCTION "jotto_match_queue_notify"();
