import type { MatrixRow } from '../../core/module.ts';

export const bookingsMatrix: Record<string, MatrixRow> = {};
