import { useSearchParams } from 'react-router';
import { CheckinConfirm } from '../components/checkin-confirm.tsx';
import { ClassSessionsView } from '../components/class-sessions-view.tsx';
import { ClassroomClassesView } from '../components/classroom-classes-view.tsx';
import { ClassroomProblem } from '../components/not-found.tsx';
import { OneSessionView } from '../components/one-session-view.tsx';

const idOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * '/classroom/classes': a classroom's classes (?classroom=), a class's sessions to book
 * (?class=), one session (?session=), or, from the trainer's QR code, a check-in to confirm
 * (?checkin=&session=).
 */
export default function ClassesPage() {
  const [params] = useSearchParams();
  const session = idOf(params.get('session'));
  const checkin = params.get('checkin');
  if (checkin && session) return <CheckinConfirm sessionId={session} code={checkin} />;
  if (session) return <OneSessionView sessionId={session} />;
  const cls = idOf(params.get('class'));
  if (cls) return <ClassSessionsView classId={cls} />;
  const classroom = idOf(params.get('classroom'));
  if (classroom) return <ClassroomClassesView classroomId={classroom} />;
  return <ClassroomProblem text="Choose a classroom first." />;
}
