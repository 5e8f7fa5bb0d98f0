export type {
  JobContext,
  JobHandler,
  JobType,
  Jobs,
  RegisterOptions,
  SendOptions,
  StartOptions,
} from './jobs.ts';
export { defineJob } from './jobs.ts';
export { createJobs, type CreateJobsOptions, type JobsLog } from './pg-boss-jobs.ts';
export { EXPIRY_CHECK_SECONDS } from './pg-boss-instance.ts';
