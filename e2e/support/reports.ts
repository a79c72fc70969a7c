import { apiSignIn } from './accounts.ts';
import { call } from './fixtures.ts';
import { apiJson } from './people.ts';

const DAY_MS = 86_400_000;

export interface OverdueLearner {
  id: number;
  username: string;
  password: string;
  /** Their full name, as reports show it. */
  name: string;
}

/**
 * A learner of the demo's Operations department, assigned the trainer's "First Aid at Work" with
 * a due date three days gone: overdue on the trainer's dashboard and one of Operations'
 * enrolments on the admin's reports. `tag` keeps their name apart from other runs'.
 */
export async function makeOverdueLearner(tag: string, lastName: string): Promise<OverdueLearner> {
  const learner = { username: `rep-${tag}`, password: `Violet-Harbour-${tag}` };
  const admin = await apiSignIn('admin');
  const me = await apiJson<{ membership: { organization: { id: number } } }>('/api/v1/me/', admin);
  const departments = await apiJson<{ id: number; name: string }[]>(
    `/api/v1/accounts/get_departments_by_organization/${me.membership.organization.id}/`,
    admin,
  );
  const operations = departments.find((d) => d.name === 'Operations');
  if (!operations) throw new Error('The demo has no Operations department');
  const form = new FormData();
  for (const [key, value] of Object.entries({
    username: learner.username,
    email: `${learner.username}@example.test`,
    first_name: 'Rita',
    last_name: lastName,
    role: '4',
    password: learner.password,
    department: String(operations.id),
  }))
    form.append(key, value);
  const user = await call<{ id: number; fullname: string }>(
    'POST',
    '/api/v1/accounts/add-user/',
    admin,
    form,
  );
  const trainer = await apiSignIn('trainer');
  const courses = await apiJson<{ results: { id: number; title: string }[] }>(
    '/api/courses/?search=First%20Aid%20at%20Work',
    trainer,
  );
  const course = courses.results.find((c) => c.title === 'First Aid at Work');
  if (!course) throw new Error('The demo has no First Aid at Work course');
  await call('POST', `/api/courses/${course.id}/assign/`, trainer, {
    users: [user.id],
    due_at: new Date(Date.now() - 3 * DAY_MS).toISOString(),
  });
  return { ...learner, id: user.id, name: user.fullname };
}
