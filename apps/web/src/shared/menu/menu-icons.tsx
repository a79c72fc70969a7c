import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HelpCenterOutlined from '@mui/icons-material/HelpCenterOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import VideoCallOutlined from '@mui/icons-material/VideoCallOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/**
 * The icons of the menu catalogue, by their @mui/icons-material name. Importing icons by name at
 * run time would pull the whole icon set (thousands of modules) into the bundle; a name outside
 * this list gets a neutral dot.
 */
const MENU_ICONS: Record<string, ComponentType<SvgIconProps>> = {
  Badge: BadgeOutlined,
  BarChart: BarChartOutlined,
  Business: BusinessOutlined,
  CalendarMonth: CalendarMonthOutlined,
  Campaign: CampaignOutlined,
  Chat: ChatOutlined,
  Dashboard: DashboardOutlined,
  Event: EventOutlined,
  Extension: ExtensionOutlined,
  Forum: ForumOutlined,
  HelpCenter: HelpCenterOutlined,
  MenuBook: MenuBookOutlined,
  Palette: PaletteOutlined,
  People: PeopleOutlined,
  Policy: PolicyOutlined,
  Psychology: PsychologyOutlined,
  QuestionAnswer: QuestionAnswerOutlined,
  Quiz: QuizOutlined,
  Route: RouteOutlined,
  School: SchoolOutlined,
  VideoCall: VideoCallOutlined,
  WorkspacePremium: WorkspacePremiumOutlined,
};

export function MenuIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = MENU_ICONS[name] ?? CircleOutlined;
  return <Icon {...props} />;
}
