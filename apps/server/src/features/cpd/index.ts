import type { AppModule } from '../../core/module.ts';
import { cpdExternalApproval } from './cpd.approval.ts';
import { cpdMatrix } from './cpd.matrix.ts';
import { registerCpdRoutes } from './cpd.routes.ts';
import { cpdSubscribers } from './cpd.subscribers.ts';

/**
 * CPD (issue 19): the organisation's scheme (cycles, target, carry-over) and categories, and each
 * learner's ledger — credited once per source from courses and events through their events,
 * external CPD with evidence through the approval flow — with progress and exports.
 */
export const cpdModule: AppModule = {
  name: 'cpd',
  feature: 'cpd',
  routes: registerCpdRoutes,
  matrix: cpdMatrix,
  approvalKinds: [cpdExternalApproval],
  subscribers: cpdSubscribers,
};

export { type CreditInput, type CreditResult, creditCpd } from './cpd.credit.ts';
export { cycleContaining } from './cpd.cycles.ts';
