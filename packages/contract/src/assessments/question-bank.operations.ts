import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import { ZPageQuery } from '../core/pagination.ts';
import {
  ZBankQuestionDetail,
  ZBankQuestionInput,
  ZBankQuestionPage,
  ZBankQuestionQuery,
  ZBankQuestionRemoval,
  ZBankQuestionUpdate,
  ZBankQuestionVersionPage,
  ZQuestionCategory,
  ZQuestionCategoryInput,
  ZQuestionCategoryPage,
  ZQuestionCategoryQuery,
  ZQuestionCategoryUpdate,
} from './question-bank.ts';

const tags = ['assessments'];
const errors = [400, 401, 403] as const;
const authors = 'Admins and trainers of the organisation (menu /assessment); learners never';
const editors =
  'Admins of the question’s organisation, and the trainer who created it (menu /assessment)';

/**
 * The question bank (spec §7 Assessments: `question/bank/` lists and creates, `question/{id}/`
 * reads, changes and removes one question; its versions and the bank's categories sit beside).
 */
export const questionBankOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/assessment/question/bank/',
    query: ZBankQuestionQuery,
    response: ZBankQuestionPage,
    errors,
    summary:
      'The organisation’s question bank, filtered by category (and its sub-categories), tag, type, status and a search of title and stem',
    access: authors,
    tags,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/api/assessment/question/bank/',
    body: ZBankQuestionInput,
    response: ZBankQuestionDetail,
    status: 201,
    errors,
    summary: 'Add a question to the bank (version 1); the stem and feedback are sanitised',
    access: authors,
    tags,
  }),
  read: defineOperation({
    method: 'GET',
    path: '/api/assessment/question/bank/:id/',
    params: ZIdParams,
    response: ZBankQuestionDetail,
    errors: [...errors, 404],
    summary: 'A question with its current version',
    access: authors,
    tags,
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/api/assessment/question/bank/:id/',
    params: ZIdParams,
    body: ZBankQuestionUpdate,
    response: ZBankQuestionDetail,
    errors: [...errors, 404],
    summary:
      'Change a question: a new definition replaces an unanswered current version, or becomes the next version once it has been answered',
    access: editors,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/assessment/question/bank/:id/',
    params: ZIdParams,
    response: ZBankQuestionRemoval,
    errors: [...errors, 404],
    summary: 'Delete a question never answered; archive one that has been (its versions stay)',
    access: editors,
    tags,
  }),
  versions: defineOperation({
    method: 'GET',
    path: '/api/assessment/question/bank/:id/versions/',
    params: ZIdParams,
    query: ZPageQuery,
    response: ZBankQuestionVersionPage,
    errors: [...errors, 404],
    summary: 'A question’s versions, newest first',
    access: authors,
    tags,
  }),
  categories: defineOperation({
    method: 'GET',
    path: '/api/assessment/question/categories/',
    query: ZQuestionCategoryQuery,
    response: ZQuestionCategoryPage,
    errors,
    summary: 'The bank’s categories (all, or the children of one), by name',
    access: authors,
    tags,
  }),
  createCategory: defineOperation({
    method: 'POST',
    path: '/api/assessment/question/categories/',
    body: ZQuestionCategoryInput,
    response: ZQuestionCategory,
    status: 201,
    errors: [...errors, 409],
    summary: 'Add a category (names are unique among siblings)',
    access: authors,
    tags,
  }),
  updateCategory: defineOperation({
    method: 'PATCH',
    path: '/api/assessment/question/categories/:id/',
    params: ZIdParams,
    body: ZQuestionCategoryUpdate,
    response: ZQuestionCategory,
    errors: [...errors, 404, 409],
    summary: 'Rename or move a category (never under itself)',
    access: 'Admins of the organisation, and the trainer who created the category',
    tags,
  }),
  removeCategory: defineOperation({
    method: 'DELETE',
    path: '/api/assessment/question/categories/:id/',
    params: ZIdParams,
    response: null,
    errors: [...errors, 404, 409],
    summary: 'Delete a category that holds no questions and no sub-categories (409 otherwise)',
    access: 'Admins of the organisation, and the trainer who created the category',
    tags,
  }),
};
