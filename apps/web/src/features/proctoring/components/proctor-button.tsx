import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { proctorGridUrl } from '../urls.ts';

/**
 * The way from an assessment's screens to its live grid: only for a proctored assessment and
 * someone who may report on it (its proctors), so it never leads to a refusal.
 */
export function ProctorButton({
  assessment,
  proctored,
  canReport,
}: {
  assessment: number;
  proctored: boolean;
  canReport: boolean;
}) {
  if (!proctored || !canReport) return null;
  return (
    <Button
      component={RouterLink}
      to={proctorGridUrl(assessment)}
      variant="outlined"
      startIcon={<VideocamOutlined />}
    >
      Proctor
    </Button>
  );
}
