-- Attachments of the mail kept by the dev mailbox (a lesson's .ics file), so a developer can
-- open them from /dev/mailbox as a recipient would. Text content only: what the app attaches.
CREATE TABLE dev_mailbox_attachments (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mail_id       bigint NOT NULL REFERENCES dev_mailbox (id) ON DELETE CASCADE,
  filename      text NOT NULL,
  content_type  text NOT NULL,
  content       text NOT NULL
);

CREATE INDEX dev_mailbox_attachments_mail ON dev_mailbox_attachments (mail_id);
