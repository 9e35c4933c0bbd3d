export interface JobLeasesTable {
  /** The job's name, unique across the deployment. */
  name: string;
  /** The runner that holds the job (jobs/job-runner.ts). */
  holder: string;
  /** Epoch ms after which another runner may take the job over. */
  expires_at: number;
}

export interface JobTables {
  job_leases: JobLeasesTable;
}
