import type { PgBoss, Queue } from 'pg-boss';
import type { JsonObject } from '../db/columns.ts';
import type { BatchJobHandler, JobHandler, RegisterOptions } from './jobs.ts';

/** A job kind this process knows: its handler and how pg-boss queues it. */
export interface Registration {
  name: string;
  handler: JobHandler<JsonObject>;
  options: RegisterOptions;
  /** Runs a fetched batch together; the jobs it leaves run alone through `handler`. */
  batch?: BatchJobHandler<JsonObject>;
}

function queueOptions(options: RegisterOptions): Omit<Queue, 'name' | 'policy'> {
  const retryBackoff = options.retryBackoff ?? true;
  return {
    retryLimit: options.retryLimit ?? 3,
    retryDelay: options.retryDelaySeconds ?? 5,
    retryBackoff,
    ...(retryBackoff ? { retryDelayMax: options.retryDelayMaxSeconds ?? 600 } : {}),
    expireInSeconds: options.expireInSeconds ?? 300,
  };
}

/** One pg-boss queue per registered job kind, kept in step with its registration. */
export async function createQueues(
  instance: PgBoss,
  registrations: Iterable<Registration>,
): Promise<void> {
  for (const registration of registrations) {
    const settings = queueOptions(registration.options);
    await instance.createQueue(registration.name, {
      policy: registration.options.policy ?? 'standard',
      ...settings,
    });
    // An existing queue takes the retry settings of the code that runs now.
    await instance.updateQueue(registration.name, settings);
  }
}
