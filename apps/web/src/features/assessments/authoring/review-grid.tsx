import { REVIEW_PARTS, REVIEW_TIMES, type TReviewOptions } from '@atrium/contract';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { REVIEW_PART_LABEL, REVIEW_TIME_LABEL } from './labels.ts';

/** What learners see of their attempt, and when: parts as rows, times as columns. */
export function ReviewGrid({
  value,
  onChange,
  disabled,
}: {
  value: TReviewOptions;
  onChange: (next: TReviewOptions) => void;
  disabled?: boolean;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Review options" sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>Learners see</TableCell>
            {REVIEW_TIMES.map((t) => (
              <TableCell key={t} align="center">
                {REVIEW_TIME_LABEL[t]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {REVIEW_PARTS.map((part) => (
            <TableRow key={part}>
              <TableCell component="th" scope="row">
                {REVIEW_PART_LABEL[part]}
              </TableCell>
              {REVIEW_TIMES.map((time) => {
                const on = value[part].includes(time);
                return (
                  <TableCell key={time} align="center" padding="checkbox">
                    <Checkbox
                      checked={on}
                      disabled={disabled}
                      onChange={() =>
                        onChange({
                          ...value,
                          [part]: on
                            ? value[part].filter((t) => t !== time)
                            : [...value[part], time],
                        })
                      }
                      slotProps={{
                        input: {
                          'aria-label': `${REVIEW_PART_LABEL[part]}: ${REVIEW_TIME_LABEL[time]}`,
                        },
                      }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
