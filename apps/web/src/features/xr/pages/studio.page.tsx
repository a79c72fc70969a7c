import { ROLE } from '@atrium/contract';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { SceneEditor } from '../components/scene-editor.tsx';
import { SceneLibrary } from '../components/scene-library.tsx';

const AUTHORS: readonly number[] = [ROLE.SUPERADMIN, ROLE.ADMIN, ROLE.TRAINER];

/**
 * `/ar-vr-studio` (spec §2): the organisation's scenes; `?scene=<id>` opens one in the editor.
 * Learners meet scenes in their courses only: the server refuses them the studio (403), and the
 * page says why instead of showing tools that would fail.
 */
export default function StudioPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const sceneId = Number(params.get('scene'));
  if (user && !AUTHORS.includes(user.role.id))
    return (
      <AccessNotice title="The AR/VR studio is for course authors">
        Trainers and admins make 3D and 360° scenes here. You will find the scenes of your courses
        in the course player.
      </AccessNotice>
    );
  return (
    <PageContainer maxWidth={1200}>
      {Number.isInteger(sceneId) && sceneId > 0 ? (
        <SceneEditor key={sceneId} sceneId={sceneId} />
      ) : (
        <SceneLibrary />
      )}
    </PageContainer>
  );
}
