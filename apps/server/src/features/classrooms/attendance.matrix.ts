import type { MatrixRow } from '../../core/module.ts';

export const attendanceMatrix: Record<string, MatrixRow> = {};
