import type { TApprovalModule, TApprover } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  addableTypes,
  defaultsSummary,
  groupByLevel,
  levelChoices,
  moduleFormValues,
  ownerLabel,
  toModuleUpdate,
} from './settings-logic.ts';

const approver = (id: number, level: number, type: TApprover['type']): TApprover => ({
  id,
  module: 'course_enrolment',
  level,
  type,
  user: type === 'user' ? { id: 100 + id, fullname: `User ${id}` } : null,
});

describe('approval settings rules', () => {
  it("names the owner after the kind's item", () => {
    expect(ownerLabel('course_enrolment')).toBe('Course owner');
    expect(ownerLabel('learning_path_enrolment')).toBe('Learning path owner');
    expect(ownerLabel('courseware')).toBe('Owner of the item');
    expect(ownerLabel('user_signup')).toBe('Owner of the item');
  });

  it('offers a named user first, then only the relationships the kind has', () => {
    expect(addableTypes({ approver_types: ['any_admin', 'user'] })).toEqual(['user', 'any_admin']);
  });

  it('groups approvers by level and summarises defaults', () => {
    const approvers = [
      approver(1, 2, 'any_admin'),
      approver(2, 1, 'owner'),
      approver(3, 1, 'user'),
    ];
    expect(groupByLevel(approvers).map((level) => level.map((a) => a.id))).toEqual([[2, 3], [1]]);
    expect(defaultsSummary({ kind: 'course_enrolment', approvers })).toBe(
      'Level 1: Course owner or User 3; Level 2: Any admin',
    );
    expect(
      defaultsSummary({ kind: 'course_enrolment', approvers: [approver(4, 1, 'any_admin')] }),
    ).toBe('Any admin');
  });

  it('lets an approver move to a new level unless it is alone on the last one', () => {
    expect(levelChoices(2)).toEqual([1, 2, 3]);
    expect(levelChoices(2, true)).toEqual([1, 2]);
    expect(levelChoices(5)).toEqual([1, 2, 3, 4, 5]);
    expect(levelChoices(0)).toEqual([1]);
  });

  it('turns the form into the PUT body, empty days meaning never', () => {
    const module = {
      kind: 'course_enrolment',
      enabled: false,
      reject_reason_required: true,
      expiry_days: 30,
      escalation_days: null,
      escalate_to: 'admin',
    } as TApprovalModule;
    const values = moduleFormValues(module);
    expect(values).toMatchObject({ expiry_days: '30', escalation_days: '' });
    expect(toModuleUpdate('course_enrolment', { ...values, expiry_days: ' ' })).toEqual({
      ok: true,
      body: {
        kind: 'course_enrolment',
        enabled: false,
        reject_reason_required: true,
        expiry_days: null,
        escalation_days: null,
        escalate_to: 'admin',
      },
    });
    for (const bad of ['0', '366', '2.5', 'ten', '-1']) {
      const result = toModuleUpdate('course_enrolment', { ...values, escalation_days: bad });
      expect(result.ok, bad).toBe(false);
    }
  });
});
