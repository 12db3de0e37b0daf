import { defineJob } from '../../adapters/jobs/define-job';
import { mailMessageSchema } from '../../adapters/mail/mailer';

// The approval's background job: the tutor's email when their profile is approved or rejected.
export const TUTOR_APPROVAL_JOBS = {
  mail: defineJob('tutor-approval.mail', mailMessageSchema),
};
