-- Rescheduling: a new lesson replaces the old one, which is canceled. Both rows
-- stay, linked, with who moved it and why.
ALTER TABLE lessons
  ADD COLUMN rescheduled_from  uuid REFERENCES lessons (id) ON DELETE SET NULL,
  ADD COLUMN canceled_by       uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN cancel_reason     text CHECK (length(cancel_reason) <= 500);
-- A lesson is replaced at most once.
CREATE UNIQUE INDEX lessons_rescheduled_once ON lessons (rescheduled_from);
