import type { MatrixRow } from '../../core/module.ts';

export const classroomsMatrix: Record<string, MatrixRow> = {};
