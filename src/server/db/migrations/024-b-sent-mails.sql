-- The emails a job has sent, one row each, written in the same transaction as the send: a job
-- run again after a crash (kill -9 while it was mailing) finds what already went out and sends
-- only the rest. The key names the email for good (the job, its subject, the recipient).
CREATE TABLE sent_mails (
  key        text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 300),
  recipient  text NOT NULL,
  sent_at    timestamptz NOT NULL DEFAULT now()
);
