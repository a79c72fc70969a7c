import type {
  ATTEMPT_OUTCOMES,
  FLAG_DECISIONS,
  IDENTITY_CHECKS,
  MONITORING_STATUSES,
  TAttemptOutcome,
  TProctoringFlagType,
  TProctoringMode,
  TProctoringSignal,
  ZEvidence,
  ZTimelineEntry,
} from '@atrium/contract';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import FaceRetouchingOffOutlined from '@mui/icons-material/FaceRetouchingOffOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import FullscreenExitOutlined from '@mui/icons-material/FullscreenExitOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import PendingOutlined from '@mui/icons-material/PendingOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import ScreenshotMonitorOutlined from '@mui/icons-material/ScreenshotMonitorOutlined';
import SensorsOffOutlined from '@mui/icons-material/SensorsOffOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import TabOutlined from '@mui/icons-material/TabOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import WifiOffOutlined from '@mui/icons-material/WifiOffOutlined';
import WifiOutlined from '@mui/icons-material/WifiOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { z } from 'zod';

/*
 * The words and icons of proctoring, in one place: the proctor's screens and the learner's
 * (consent, attempt, result) say the same thing about the same signal, status or outcome.
 * Colours always come with text and an icon, never alone.
 */

export type ChipColour = 'default' | 'success' | 'warning' | 'error' | 'info';
export interface Label {
  label: string;
  icon: ComponentType<SvgIconProps>;
}
export interface ColouredLabel extends Label {
  colour: ChipColour;
}

/** What each flag type is, and what it means in one plain sentence (settings, consent). */
export const FLAG_TYPE: Record<TProctoringFlagType, Label & { explanation: string }> = {
  no_face: {
    label: 'No face',
    icon: FaceRetouchingOffOutlined,
    explanation: 'Nobody is in front of the camera for longer than the no-face time.',
  },
  multiple_faces: {
    label: 'More than one face',
    icon: GroupsOutlined,
    explanation: 'Another face appears in the camera picture beside the learner’s.',
  },
  looking_away: {
    label: 'Looking away',
    icon: VisibilityOffOutlined,
    explanation: 'The learner looks away from the screen for longer than the look-away time.',
  },
  phone: {
    label: 'Phone in view',
    icon: PhoneAndroidOutlined,
    explanation: 'A phone is seen in the camera picture.',
  },
  other_person: {
    label: 'Another person',
    icon: PersonAddAltOutlined,
    explanation: 'Someone else is seen in the room, even without their face in view.',
  },
  tab_switch: {
    label: 'Left the assessment',
    icon: TabOutlined,
    explanation: 'The learner switches to another tab, window or app.',
  },
  fullscreen_exit: {
    label: 'Left full screen',
    icon: FullscreenExitOutlined,
    explanation: 'The learner leaves full-screen mode during the attempt.',
  },
  copy_paste: {
    label: 'Copy or paste',
    icon: ContentPasteOutlined,
    explanation: 'The learner copies or pastes text in the assessment.',
  },
  second_screen: {
    label: 'Second screen',
    icon: ScreenshotMonitorOutlined,
    explanation: 'More than one display is connected to the device.',
  },
  mic_noise: {
    label: 'Voices or noise',
    icon: MicOutlined,
    explanation: 'The microphone picks up speech or lasting noise.',
  },
  monitoring_stopped: {
    label: 'Monitoring stopped',
    icon: SensorsOffOutlined,
    explanation: 'The device stopped reporting: camera off, page closed or offline.',
  },
};

export function flagTypeLabel(type: string): string {
  return FLAG_TYPE[type as TProctoringFlagType]?.label ?? type.replace(/_/g, ' ');
}
/** Signals are the flag types an assessment can choose (everything but the server's own). */
export const SIGNAL: Record<TProctoringSignal, Label & { explanation: string }> = FLAG_TYPE;

type MonitoringStatus = (typeof MONITORING_STATUSES)[number];
export const MONITORING_STATUS: Record<MonitoringStatus, ColouredLabel> = {
  waiting: { label: 'Waiting to start', icon: HourglassEmptyOutlined, colour: 'default' },
  monitoring: { label: 'Monitoring', icon: VideocamOutlined, colour: 'success' },
  lost: { label: 'Connection lost', icon: VideocamOffOutlined, colour: 'error' },
  ended: { label: 'Ended', icon: StopCircleOutlined, colour: 'info' },
};

export const OUTCOME: Record<TAttemptOutcome, ColouredLabel & { explanation: string }> = {
  clear: {
    label: 'Clear',
    icon: VerifiedUserOutlined,
    colour: 'success',
    explanation: 'Nothing wrong: the result stands.',
  },
  suspicious: {
    label: 'Suspicious',
    icon: ReportProblemOutlined,
    colour: 'warning',
    explanation: 'Worth noting, not proven: the result stands, with this note.',
  },
  violation: {
    label: 'Violation',
    icon: BlockOutlined,
    colour: 'error',
    explanation: 'The rules were broken: the learner’s result for this attempt is void.',
  },
};
export const ATTEMPT_OUTCOME_LIST: readonly TAttemptOutcome[] = [
  'clear',
  'suspicious',
  'violation',
] satisfies readonly (typeof ATTEMPT_OUTCOMES)[number][];

type FlagDecision = (typeof FLAG_DECISIONS)[number];
export const FLAG_DECISION: Record<FlagDecision, ColouredLabel> = {
  pending: { label: 'To review', icon: PendingOutlined, colour: 'warning' },
  dismissed: { label: 'Dismissed', icon: DoNotDisturbOnOutlined, colour: 'default' },
  confirmed: { label: 'Confirmed', icon: CheckCircleOutlined, colour: 'error' },
};

export const MODE: Record<TProctoringMode, { label: string; explanation: string }> = {
  record: {
    label: 'Record',
    explanation: 'Only flags with their evidence are kept; proctors see no live picture.',
  },
  live: {
    label: 'Live',
    explanation: 'Also a small camera picture every few seconds on the proctors’ live grid.',
  },
};

type IdentityCheck = (typeof IDENTITY_CHECKS)[number];
export const IDENTITY_CHECK: Record<IdentityCheck, { label: string; explanation: string }> = {
  none: { label: 'None', explanation: 'Learners start without an identity check.' },
  photo_match: {
    label: 'Photo matched with the profile photo',
    explanation: 'A photo at the start is compared with the learner’s profile photo.',
  },
  id_photo: {
    label: 'ID photo for a person to check',
    explanation: 'Learners photograph themselves and an ID document; a proctor compares them.',
  },
};

type TimelineKind = z.infer<typeof ZTimelineEntry>['kind'];
export const TIMELINE_KIND: Record<TimelineKind, Label> = {
  started: { label: 'Started', icon: PlayArrowOutlined },
  identity: { label: 'Identity check', icon: BadgeOutlined },
  flag: { label: 'Flag', icon: FlagOutlined },
  lost: { label: 'Connection lost', icon: WifiOffOutlined },
  resumed: { label: 'Monitoring resumed', icon: WifiOutlined },
  message: { label: 'Message', icon: ChatOutlined },
  decision: { label: 'Decision', icon: GavelOutlined },
  ended: { label: 'Ended', icon: StopCircleOutlined },
};

type EvidenceKind = z.infer<typeof ZEvidence>['kind'];
export const EVIDENCE_KIND: Record<EvidenceKind, Label> = {
  frame: { label: 'Still', icon: PhotoCameraOutlined },
  clip: { label: 'Clip', icon: MovieOutlined },
  identity: { label: 'Identity photo', icon: BadgeOutlined },
  id_document: { label: 'ID document photo', icon: BadgeOutlined },
};

/** Learners in no department come back as group 0. */
export const NO_GROUP_LABEL = 'No department';
export const groupLabel = (group: { id: number; name: string }) =>
  group.id === 0 || !group.name ? NO_GROUP_LABEL : group.name;

export const percent = (share: number | null) =>
  share === null ? '—' : `${Math.round(share * 100)} %`;

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export function formatTime(iso: string | null, withDate = true): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(
    undefined,
    withDate ? { dateStyle: 'medium', timeStyle: 'medium' } : { timeStyle: 'medium' },
  );
}
