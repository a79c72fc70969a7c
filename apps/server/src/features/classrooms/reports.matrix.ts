import type { MatrixRow } from '../../core/module.ts';

export const reportsMatrix: Record<string, MatrixRow> = {};
