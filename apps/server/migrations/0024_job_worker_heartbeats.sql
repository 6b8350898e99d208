-- Job leases that follow their process (a crash loses no job): each scheduler writes a heartbeat; a running job whose
-- process has stopped beating is due again at once instead of when its five-minute lease runs out.
CREATE TABLE job_workers (
  id text PRIMARY KEY,
  seen_at timestamptz NOT NULL
);
ALTER TABLE scheduled_jobs ADD COLUMN locked_by text;
