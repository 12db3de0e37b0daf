-- A report filed or resolved changes the admins' "Reported issues" count: every API process is
-- told on EVENT_CHANNELS.admin, and pushes it to the admins' live sockets, so the sidebar's count
-- changes at once rather than at its next minute's refresh (issue #29). In the database, so no
-- code path that writes reports (filing, dismissing, hiding a review, suspending a user) can
-- forget it; sent on commit only, repeats within one transaction folded into one.
CREATE FUNCTION announce_report_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tutora_admin', 'reports');
  RETURN NULL;
END;
$$;

CREATE TRIGGER reports_announce_counts
  AFTER INSERT OR DELETE OR UPDATE OF status ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION announce_report_counts();
