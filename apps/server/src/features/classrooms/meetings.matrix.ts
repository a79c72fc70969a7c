import type { MatrixRow } from '../../core/module.ts';

export const meetingsMatrix: Record<string, MatrixRow> = {};
