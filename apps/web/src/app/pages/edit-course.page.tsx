import { EditCoursePage } from '../../features/catalogue/index.ts';
import { AssignmentsSection } from '../../features/learning/index.ts';

/**
 * The course editor is catalogue's, its assignments section learning's. Learning builds on
 * catalogue, so catalogue cannot import it: the two meet here, in the route's page.
 */
export default function EditCourseWithAssignmentsPage() {
  return <EditCoursePage sections={(props) => <AssignmentsSection {...props} />} />;
}
