import type { AppModule } from '../../core/module.ts';
import { plagiarismJobs, plagiarismSubscribers } from './plagiarism.job.ts';
import { plagiarismMatrix } from './plagiarism.matrix.ts';
import { registerPlagiarismRoutes } from './plagiarism.routes.ts';

/**
 * Plagiarism (issue 24): every assignment submission is extracted and fingerprinted (winnowing)
 * in a long-lane job off the event loop, compared with the organisation's other submissions, and
 * reviewed by the course's managers; learners may see their own score.
 */
export const plagiarismModule: AppModule = {
  name: 'plagiarism',
  routes: registerPlagiarismRoutes,
  matrix: plagiarismMatrix,
  jobs: plagiarismJobs,
  subscribers: plagiarismSubscribers,
};
