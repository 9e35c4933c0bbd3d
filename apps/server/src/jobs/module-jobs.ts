import type { FastifyInstance } from 'fastify';
import type { Job, JobRunner, RunningJob } from './job-runner.ts';

/** Starts a module's jobs under the runner, and stops them (giving up their leases) when the module's scope closes. */
export async function runModuleJobs(app: FastifyInstance, runner: JobRunner, jobs: Job[]): Promise<void> {
  const running: RunningJob[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(running.map((job) => job.stop()));
  });
  for (const job of jobs) running.push(await runner.start(job));
}
