import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import EventSeatOutlined from '@mui/icons-material/EventSeatOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import type { ReactElement } from 'react';

/** The palette's and the page's "To do" group: not a search kind, the to-do slice's list. */
export const TODO_GROUP = 'todo';

const ICONS: Record<string, ReactElement> = {
  [TODO_GROUP]: <TaskAltOutlined fontSize="small" />,
  course: <MenuBookOutlined fontSize="small" />,
  learning_path: <RouteOutlined fontSize="small" />,
  assessment: <QuizOutlined fontSize="small" />,
  classroom: <SchoolOutlined fontSize="small" />,
  classroom_session: <EventSeatOutlined fontSize="small" />,
  event: <EventOutlined fontSize="small" />,
  discussion: <ForumOutlined fontSize="small" />,
  announcement: <CampaignOutlined fontSize="small" />,
  blog_post: <ArticleOutlined fontSize="small" />,
  file: <InsertDriveFileOutlined fontSize="small" />,
  user: <PersonOutlined fontSize="small" />,
};

/** A kind's icon; a kind this web does not know yet (a newer server) gets the generic one. */
export const searchKindIcon = (kind: string): ReactElement =>
  ICONS[kind] ?? <SearchOutlined fontSize="small" />;
