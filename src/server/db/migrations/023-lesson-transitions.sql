-- A lesson's status changes only along the arrows of src/domain/booking/lesson-transitions.ts
-- (issue 24, ADR 024), whoever writes it: the lessons module, a script, a hand in psql. Every
-- cancel is stamped with when and why. A test compares this function with the domain's table
-- pair by pair, so the two cannot drift apart.

CREATE FUNCTION lesson_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'awaiting_payment' AND NEW.status IN ('scheduled', 'pending', 'expired', 'canceled'))
    OR (OLD.status = 'pending' AND NEW.status IN ('scheduled', 'expired', 'canceled', 'no_show'))
    OR (OLD.status = 'scheduled' AND NEW.status IN ('in_progress', 'completed', 'canceled', 'no_show'))
    OR (OLD.status = 'in_progress' AND NEW.status IN ('completed', 'canceled', 'no_show'))
    OR (OLD.status = 'completed' AND NEW.status = 'no_show')
    OR (OLD.status = 'expired' AND NEW.status IN ('scheduled', 'pending'))
  ) THEN
    RAISE EXCEPTION 'a lesson cannot go from % to %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'lessons_status_transition';
  END IF;
  -- The app stamps a cancel with its clock; a writer that did not still leaves a time.
  IF NEW.status = 'canceled' AND OLD.status <> 'canceled' AND NEW.canceled_at IS NULL THEN
    NEW.canceled_at := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER lessons_status_transition
  BEFORE UPDATE OF status ON lessons
  FOR EACH ROW EXECUTE FUNCTION lesson_status_transition();

-- Why a lesson was canceled. Before this, only a party's cancel stamped canceled_at; a move, a
-- closing and a canceled checkout left it empty, so the cause of those is read from what they
-- left: a successor (moved), a payment that never completed (checkout), else an account's end.
ALTER TABLE lessons ADD COLUMN cancel_cause text CHECK (cancel_cause IN (
  'party', 'moved', 'checkout', 'account_closed', 'account_suspended'));
UPDATE lessons l SET cancel_cause = CASE
    WHEN l.canceled_at IS NOT NULL THEN 'party'
    WHEN EXISTS (SELECT 1 FROM lessons n WHERE n.rescheduled_from = l.id) THEN 'moved'
    WHEN l.cancel_reason = 'Account suspended' THEN 'account_suspended'
    WHEN l.cancel_reason = 'Account deleted' THEN 'account_closed'
    WHEN l.payment_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM payments p WHERE p.id = l.payment_id AND p.completed_at IS NULL) THEN 'checkout'
    ELSE 'account_closed'
  END,
  canceled_at = coalesce(l.canceled_at, l.updated_at)
  WHERE l.status = 'canceled';
ALTER TABLE lessons
  ADD CONSTRAINT lessons_canceled_stamped CHECK (status <> 'canceled' OR canceled_at IS NOT NULL);
